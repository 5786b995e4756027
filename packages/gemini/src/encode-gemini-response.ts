import type {
  AssistantContentPart,
  CodecResult,
  EncodeResponseOptions,
  FinishReason,
  ModelResponse,
  Usage,
} from '@interlingua/core';
import type { GeminiPart, GeminiResponseBody, GeminiUsageMetadata } from './gemini-api';
import { readThoughtSignature } from './gemini-thought-signature';
import { mapGeminiFinishReason, toGeminiFinishReason } from './map-gemini-finish-reason';

/**
 * IR response → Gemini `GenerateContentResponse` (the gateway direction). Every call goes
 * out with its `id` (so a Gemini client can answer by id), thought signatures go back on their
 * parts, `rawFinishReason` is reused when it is a Gemini word that maps to the same finish reason.
 *
 * @see https://ai.google.dev/api/generate-content#generatecontentresponse
 */
export function encodeGeminiResponse(
  response: ModelResponse,
  options: EncodeResponseOptions = {},
): CodecResult<GeminiResponseBody> {
  const hasCalls = response.message.content.some((part) => part.type === 'tool-call');
  const finishMessage = response.providerMetadata?.gemini?.finishMessage;
  const body: GeminiResponseBody = {
    candidates: [
      {
        content: { role: 'model', parts: response.message.content.map(toGeminiPart) },
        finishReason: toGeminiFinish(response.finishReason, response.rawFinishReason, hasCalls),
        ...(typeof finishMessage === 'string' ? { finishMessage } : {}),
        index: 0,
      },
    ],
    usageMetadata: toGeminiUsage(response.usage),
  };
  const model = response.model ?? options.model;
  if (model !== undefined) body.modelVersion = model;
  if (response.id !== undefined) body.responseId = response.id;
  return { value: body, warnings: [] };
}

/** One IR assistant part → one Gemini part. */
export function toGeminiPart(part: AssistantContentPart): GeminiPart {
  const signature = readThoughtSignature(part.providerMetadata);
  const out: GeminiPart =
    part.type === 'text'
      ? { text: part.text }
      : part.type === 'reasoning'
        ? { text: part.text, thought: true }
        : { functionCall: { name: part.name, args: part.args, id: part.id } };
  if (signature !== undefined) out.thoughtSignature = signature;
  return out;
}

/** The Gemini `finishReason` for an IR finish, keeping the raw word when it is Gemini's and still fits. */
export function toGeminiFinish(finishReason: FinishReason, raw: string | null, hasCalls: boolean): string {
  if (raw !== null && /^[A-Z_]+$/.test(raw) && mapGeminiFinishReason(raw, hasCalls) === finishReason) return raw;
  return toGeminiFinishReason(finishReason);
}

/** IR usage → Gemini `usageMetadata` (the inverse of `convertGeminiUsage`). */
export function toGeminiUsage(usage: Usage): GeminiUsageMetadata {
  const thoughts = usage.reasoningTokens;
  const out: GeminiUsageMetadata = {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens - (thoughts ?? 0),
    totalTokenCount: usage.inputTokens + usage.outputTokens,
  };
  if (usage.cachedInputTokens !== undefined) out.cachedContentTokenCount = usage.cachedInputTokens;
  if (thoughts !== undefined) out.thoughtsTokenCount = thoughts;
  return out;
}
