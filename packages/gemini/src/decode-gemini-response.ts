import type {
  AssistantContentPart,
  JSONObject,
  ModelResponse,
  ProviderMetadata,
  ToolCall,
  Warning,
} from '@interlingua/core';
import { convertGeminiUsage } from './convert-gemini-usage';
import type { GeminiPart, GeminiResponseBody } from './gemini-api';
import { thoughtSignatureMetadata } from './gemini-thought-signature';
import { mapGeminiFinishReason } from './map-gemini-finish-reason';
import { parseGeminiResponse } from './parse-gemini-response';
import { synthesizeGeminiCallId } from './synthesize-gemini-call-id';

/** Options of the Gemini decoders (beyond the `Codec` contract). */
export type GeminiDecodeOptions = {
  /**
   * Call ids already used in the conversation. A synthesized id that would clash with one
   * is re-hashed, so ids stay unique within the conversation. `GeminiChatModel` passes the
   * ids of the request's history. Anything with `has(id)` will do (a `Set`, or a lazy lookup:
   * it is consulted only when an id has to be synthesized).
   */
  reservedIds?: { has(id: string): boolean };
};

/**
 * Gemini `GenerateContentResponse` → IR response (first candidate).
 *
 * Parts keep their order: `thought: true` text → reasoning, text → text (consecutive parts
 * joined, as a stream folds them), `functionCall` → tool call with its `id`, or a synthesized
 * one (`synthesizeGeminiCallId`). A part's `thoughtSignature` rides on the IR part as
 * `providerMetadata.gemini.thoughtSignature`. A blocked prompt (no candidates,
 * `promptFeedback.blockReason`) is an empty message with `content_filter`.
 * Throws `InvalidResponseError` on a body that is not a `GenerateContentResponse`.
 *
 * @see https://ai.google.dev/api/generate-content#generatecontentresponse
 */
export function decodeGeminiResponse(body: unknown, options: GeminiDecodeOptions = {}): ModelResponse {
  const response = parseGeminiResponse(body);
  const warnings: Warning[] = [];
  const candidate = response.candidates?.[0];
  if ((response.candidates?.length ?? 0) > 1) warnings.push(extraCandidatesWarning());
  const content: AssistantContentPart[] = [];
  const ids = new CallIds(response.responseId, options.reservedIds);
  for (const part of candidate?.content?.parts ?? []) {
    const decoded = decodeGeminiPart(part, ids, warnings);
    if (decoded !== undefined) appendPart(content, decoded);
  }
  return {
    message: { role: 'assistant', content },
    ...geminiFinish(response, ids.count > 0),
    warnings,
  };
}

/** What a finished Gemini response says besides its parts. */
export function geminiFinish(
  response: GeminiResponseBody,
  hasFunctionCalls: boolean,
): Omit<ModelResponse, 'message' | 'warnings'> {
  const candidate = response.candidates?.[0];
  const blockReason = response.promptFeedback?.blockReason;
  const blocked = candidate === undefined && blockReason !== undefined;
  const rawFinishReason = blocked ? blockReason : (candidate?.finishReason ?? null);
  const metadata: JSONObject = {};
  if (candidate?.finishMessage !== undefined) metadata.finishMessage = candidate.finishMessage;
  if (response.promptFeedback?.blockReasonMessage !== undefined) {
    metadata.blockReasonMessage = response.promptFeedback.blockReasonMessage;
  }
  return {
    finishReason: blocked ? 'content_filter' : mapGeminiFinishReason(rawFinishReason ?? undefined, hasFunctionCalls),
    rawFinishReason: rawFinishReason ?? null,
    usage: convertGeminiUsage(response.usageMetadata),
    ...(response.responseId === undefined ? {} : { id: response.responseId }),
    ...(response.modelVersion === undefined ? {} : { model: response.modelVersion }),
    ...(Object.keys(metadata).length === 0 ? {} : { providerMetadata: { gemini: metadata } }),
  };
}

/** Numbers the function calls of one response and gives each its id. */
export class CallIds {
  count = 0;
  private readonly used = new Set<string>();
  constructor(
    /** The response's `responseId`; in a stream, set from each chunk as it arrives. */
    public responseId: string | undefined,
    private readonly reserved: { has(id: string): boolean } | undefined,
  ) {}

  next(call: NonNullable<GeminiPart['functionCall']>): string {
    const index = this.count++;
    if (call.id !== undefined && call.id !== '') {
      this.used.add(call.id);
      return call.id;
    }
    const reserved = this.reserved;
    const taken = reserved === undefined ? this.used : { has: (id: string) => this.used.has(id) || reserved.has(id) };
    const id = synthesizeGeminiCallId(
      { responseId: this.responseId, name: call.name, args: call.args ?? {}, index },
      taken,
    );
    this.used.add(id);
    return id;
  }
}

/** One Gemini part → one IR assistant part, or `undefined` (with a warning) for a part the IR cannot hold. */
export function decodeGeminiPart(
  part: GeminiPart,
  ids: CallIds,
  warnings: Warning[],
): AssistantContentPart | undefined {
  const providerMetadata = thoughtSignatureMetadata(part.thoughtSignature);
  const meta = providerMetadata === undefined ? {} : { providerMetadata };
  if (part.functionCall !== undefined) {
    const call: ToolCall = {
      type: 'tool-call',
      id: ids.next(part.functionCall),
      name: part.functionCall.name,
      args: (part.functionCall.args ?? {}) as JSONObject,
      ...meta,
    };
    return call;
  }
  if (part.text !== undefined) {
    return part.thought === true
      ? { type: 'reasoning', text: part.text, ...meta }
      : { type: 'text', text: part.text, ...meta };
  }
  if (providerMetadata !== undefined) return { type: 'text', text: '', providerMetadata };
  const kind = Object.keys(part).find((key) => key !== 'thought') ?? 'empty';
  warnings.push({
    type: 'unsupported',
    feature: `candidates[0].content.parts.${kind}`,
    message: `A "${kind}" part in the model's answer has no place in an assistant message; it was left out.`,
  });
  return undefined;
}

/** Appends a part the way `collectStream` folds deltas: consecutive text (and reasoning) parts join. */
export function appendPart(content: AssistantContentPart[], part: AssistantContentPart): void {
  const last = content[content.length - 1];
  if (part.type === 'text' && last?.type === 'text') {
    last.text += part.text;
    if (part.providerMetadata !== undefined)
      last.providerMetadata = mergeMetadata(last.providerMetadata, part.providerMetadata);
    return;
  }
  if (part.type === 'reasoning' && last?.type === 'reasoning') {
    last.text += part.text;
    if (part.providerMetadata !== undefined) last.providerMetadata = part.providerMetadata;
    return;
  }
  content.push(part);
}

function mergeMetadata(a: ProviderMetadata | undefined, b: ProviderMetadata): ProviderMetadata {
  if (a === undefined) return b;
  const merged: ProviderMetadata = { ...a };
  for (const [key, value] of Object.entries(b)) merged[key] = { ...merged[key], ...value };
  return merged;
}

/** The warning for responses with more than one candidate (only the first is read). */
export function extraCandidatesWarning(): Warning {
  return {
    type: 'unsupported',
    feature: 'candidates',
    message: 'Gemini answered with several candidates; only the first was kept.',
  };
}
