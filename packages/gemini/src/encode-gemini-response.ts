import type { CodecResult, EncodeResponseOptions, ModelResponse, Warning } from '@interlingua/core';
import { convertToGeminiGrounding } from './convert-gemini-hosted-parts';
import { convertToGeminiFinishReason } from './convert-to-gemini-finish-reason';
import { convertToGeminiPart } from './convert-to-gemini-part';
import { convertToGeminiUsage } from './convert-to-gemini-usage';
import type { GeminiResponseBody } from './gemini-api';

/**
 * IR response → Gemini `GenerateContentResponse` (the gateway direction). Every call goes
 * out with its `id` (so a Gemini client can answer by id), thought signatures go back on their
 * parts, `rawFinishReason` is reused when it is a Gemini word that maps to the same finish reason.
 * A call with unparseable arguments (`argsText`) goes out as `args: {}` with a warning: Gemini
 * carries arguments only as an object.
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
        content: {
          role: 'model',
          parts: response.message.content.flatMap((part) => convertToGeminiPart(part) ?? []),
        },
        finishReason: convertToGeminiFinishReason(response.finishReason, response.rawFinishReason, hasCalls),
        ...(typeof finishMessage === 'string' ? { finishMessage } : {}),
        index: 0,
      },
    ],
    usageMetadata: convertToGeminiUsage(response.usage),
  };
  const grounding = convertToGeminiGrounding(response.message.content);
  if (grounding !== undefined && body.candidates?.[0] !== undefined) body.candidates[0].groundingMetadata = grounding;
  const model = response.model ?? options.model;
  if (model !== undefined) body.modelVersion = model;
  if (response.id !== undefined) body.responseId = response.id;
  const warnings: Warning[] = [];
  response.message.content.forEach((part, index) => {
    if (part.type === 'tool-call' && part.argsText !== undefined) {
      warnings.push({
        type: 'degraded',
        feature: `message.content[${index}].argsText`,
        message: `Gemini carries call arguments as an object; the unparseable arguments of call "${part.id}" were sent as {}.`,
      });
    }
  });
  return { value: body, warnings };
}
