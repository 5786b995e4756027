import { type ModelResponse, type ProviderMetadata, parseWireResponse } from '@interlingua/core';
import { anthropicMessageSchema } from './anthropic-api';
import { convertAnthropicContent } from './convert-anthropic-content';
import { convertAnthropicUsage } from './convert-anthropic-usage';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason';

/**
 * Decodes a Messages API response body into an IR response. `stop_sequence` and `stop_details`
 * are kept in `providerMetadata.anthropic` (`stopSequence`, `stopDetails`).
 * Throws `InvalidResponseError` on a body that is not a Message.
 *
 * @see https://docs.anthropic.com/en/api/messages
 */
export function decodeAnthropicResponse(body: unknown): ModelResponse {
  const message = parseWireResponse(anthropicMessageSchema, body, 'an Anthropic Message body');
  const providerMetadata = anthropicStopMetadata(message.stop_sequence, message.stop_details);
  return {
    message: { role: 'assistant', content: convertAnthropicContent(message.content) },
    finishReason: mapAnthropicStopReason(message.stop_reason),
    rawFinishReason: message.stop_reason,
    usage: convertAnthropicUsage(message.usage),
    id: message.id,
    model: message.model,
    warnings: [],
    ...(providerMetadata === undefined ? {} : { providerMetadata }),
  };
}

/** The response-level provider metadata: the stop sequence hit and the refusal details, when sent. */
export function anthropicStopMetadata(
  stopSequence: string | null | undefined,
  stopDetails: Record<string, unknown> | null | undefined,
): ProviderMetadata | undefined {
  if ((stopSequence === null || stopSequence === undefined) && (stopDetails === null || stopDetails === undefined))
    return undefined;
  return {
    anthropic: {
      ...(typeof stopSequence === 'string' ? { stopSequence } : {}),
      ...(stopDetails === null || stopDetails === undefined
        ? {}
        : { stopDetails: JSON.parse(JSON.stringify(stopDetails)) as ProviderMetadata[string] }),
    },
  };
}
