import type { ModelResponse, ProviderMetadata, Warning } from '@interlingua/core';
import { parseWireResponse } from '@interlingua/core/adapter';
import { bedrockConverseResponseSchema, isBedrockConverseResponse } from './bedrock-api';
import { convertBedrockUsage } from './convert-bedrock-usage';
import { decodeBedrockAssistantContent } from './decode-bedrock-content';
import { mapBedrockStopReason } from './map-bedrock-stop-reason';
import { readBedrockErrorBody } from './read-bedrock-error-body';

/**
 * Decodes a `Converse` response body into an IR response: `output.message.content` to parts,
 * `stopReason` mapped (and kept as `rawFinishReason`), `usage` with the cache counts added to
 * `inputTokens`. `additionalModelResponseFields` and `trace` are kept under
 * `providerMetadata.bedrock`; Converse names no response id or model, so neither is set. Throws
 * `InvalidResponseError` naming each bad field, or the `APICallError` an error body
 * (`{ "message": … }`) describes; blobs may be base64 or the SDK's `Uint8Array`.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax
 */
export function decodeBedrockResponse(body: unknown): ModelResponse {
  const error = readBedrockErrorBody(body);
  if (error !== undefined) throw error;
  const wire = parseWireResponse(
    bedrockConverseResponseSchema,
    body,
    'a Bedrock Converse response body',
    isBedrockConverseResponse,
  );
  const warnings: Warning[] = [];
  const content = decodeBedrockAssistantContent(wire.output.message.content, 'output.message.content', warnings);
  const providerMetadata = bedrockResponseMetadata(wire.additionalModelResponseFields, wire.trace);
  return {
    message: { role: 'assistant', content },
    finishReason: mapBedrockStopReason(wire.stopReason),
    rawFinishReason: wire.stopReason,
    usage: convertBedrockUsage(wire.usage, warnings),
    warnings,
    ...(providerMetadata === undefined ? {} : { providerMetadata }),
  };
}

/** `providerMetadata.bedrock` of a response: the model's extra fields and the trace, when sent. */
export function bedrockResponseMetadata(
  additionalModelResponseFields: Record<string, unknown> | undefined,
  trace: Record<string, unknown> | undefined,
): ProviderMetadata | undefined {
  if (additionalModelResponseFields === undefined && trace === undefined) return undefined;
  return {
    bedrock: {
      ...(additionalModelResponseFields === undefined
        ? {}
        : { additionalModelResponseFields: toJSON(additionalModelResponseFields) }),
      ...(trace === undefined ? {} : { trace: toJSON(trace) }),
    },
  };
}

// Checked as plain JSON data by the wire schema; a copy keeps own `__proto__` keys as data.
function toJSON(value: Record<string, unknown>): NonNullable<ProviderMetadata[string]> {
  return JSON.parse(JSON.stringify(value)) as NonNullable<ProviderMetadata[string]>;
}
