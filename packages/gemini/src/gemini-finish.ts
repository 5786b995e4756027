import type { JSONObject, ModelResponse, Warning } from '@interlingua/core';
import { convertGeminiUsage } from './convert-gemini-usage';
import type { GeminiParsedResponse } from './gemini-api';
import { mapGeminiFinishReason } from './map-gemini-finish-reason';

/** What a finished Gemini response says besides its parts; usage warnings go to `warnings`. */
export function geminiFinish(
  response: Omit<GeminiParsedResponse, 'candidates'> & {
    candidates?: { finishReason?: string | undefined; finishMessage?: string | undefined }[] | undefined;
  },
  hasFunctionCalls: boolean,
  warnings: Warning[],
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
    usage: convertGeminiUsage(response.usageMetadata, warnings),
    ...(response.responseId === undefined ? {} : { id: response.responseId }),
    ...(response.modelVersion === undefined ? {} : { model: response.modelVersion }),
    ...(Object.keys(metadata).length === 0 ? {} : { providerMetadata: { gemini: metadata } }),
  };
}
