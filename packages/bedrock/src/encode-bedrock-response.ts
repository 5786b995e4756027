import type { CodecResult, EncodeResponseOptions, ModelResponse, Warning } from '@interlingua/core';
import type { BedrockContentBlock, BedrockTokenUsage } from './bedrock-api';
import { convertToBedrockUsage } from './convert-bedrock-usage';
import { convertToBedrockAssistantContent } from './convert-to-bedrock-assistant-content';
import { convertToBedrockFinishReason } from './map-bedrock-stop-reason';

/** A `Converse` response body as the gateway writes it (fields as in the SDK's `ConverseResponse`). */
export type BedrockConverseResponseBody = {
  output: { message: { role: 'assistant'; content: BedrockContentBlock[] } };
  stopReason: string;
  usage: BedrockTokenUsage;
  metrics: { latencyMs: number };
  additionalModelResponseFields?: Record<string, unknown>;
  trace?: Record<string, unknown>;
};

/**
 * Encodes an IR response as a `Converse` response body (the gateway direction). Reasoning
 * without a signature is sent as `reasoningText` without one; `stopReason` keeps the provider's
 * word when it is a Bedrock one; `metrics.latencyMs` is 0 (codecs have no clock).
 * `providerMetadata.bedrock.additionalModelResponseFields` and `trace` are written back.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax
 */
export function encodeBedrockResponse(
  response: ModelResponse,
  _options: EncodeResponseOptions = {},
): CodecResult<BedrockConverseResponseBody> {
  const warnings: Warning[] = [];
  const content = convertToBedrockAssistantContent(response.message.content, { requireSignature: false, warnings });
  const metadata = response.providerMetadata?.bedrock;
  const fields = metadata?.additionalModelResponseFields;
  const trace = metadata?.trace;
  return {
    value: {
      output: { message: { role: 'assistant', content } },
      stopReason: convertToBedrockFinishReason(response.finishReason, response.rawFinishReason),
      usage: convertToBedrockUsage(response.usage),
      metrics: { latencyMs: 0 },
      ...(isObject(fields) ? { additionalModelResponseFields: fields } : {}),
      ...(isObject(trace) ? { trace } : {}),
    },
    warnings,
  };
}

/** True for a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
