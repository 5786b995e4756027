import type { ModelResponse, ProviderMetadata, Warning } from '@interlingua/core';
import { convertAnthropicContent } from './convert-anthropic-content';
import { convertAnthropicUsage } from './convert-anthropic-usage';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason';
import { parseAnthropicMessage } from './parse-anthropic-response';

/**
 * Decodes a Messages API response body into an IR response. `stop_sequence` and `stop_details`
 * are kept in `providerMetadata.anthropic` (`stopSequence`, `stopDetails`). Bad usage counts are
 * dropped with a warning. Throws the `APICallError` of an error body (`{ "type": "error", … }`),
 * and `InvalidResponseError` on a body that is not a Message.
 *
 * @see https://docs.anthropic.com/en/api/messages
 */
export function decodeAnthropicResponse(body: unknown): ModelResponse {
  const message = parseAnthropicMessage(body);
  const providerMetadata = anthropicStopMetadata(message.stop_sequence, message.stop_details);
  const warnings: Warning[] = [];
  return {
    message: { role: 'assistant', content: convertAnthropicContent(message.content) },
    finishReason: mapAnthropicStopReason(message.stop_reason),
    rawFinishReason: message.stop_reason,
    usage: convertAnthropicUsage(message.usage, warnings),
    id: message.id,
    model: message.model,
    warnings,
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
        : { stopDetails: stopDetails as ProviderMetadata[string] }),
    },
  };
}
