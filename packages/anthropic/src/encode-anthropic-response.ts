import type { CodecResult, EncodeResponseOptions, ModelResponse, Warning } from '@interlingua/core';
import type { AnthropicAssistantBlockParam } from './anthropic-api';
import { convertToAnthropicUsage } from './convert-anthropic-usage';
import { convertToAnthropicAssistantContent } from './convert-to-anthropic-assistant-content';
import { convertToAnthropicFinishReason } from './map-anthropic-stop-reason';

/** A Messages API response body as the gateway writes it (fields as in the SDK's `Message`). */
export type AnthropicMessageBody = {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicAssistantBlockParam[];
  stop_reason: string;
  stop_sequence: string | null;
  stop_details: Record<string, unknown> | null;
  usage: ReturnType<typeof convertToAnthropicUsage>;
};

/** The id used when the IR response carries none (codecs have no clock or randomness). */
export const ANTHROPIC_FALLBACK_MESSAGE_ID = 'msg_interlingua';

/**
 * Encodes an IR response as a Messages API response body (the gateway direction). Reasoning
 * without a signature is sent with an empty `signature`; `stop_reason` keeps the provider's word
 * when it is an Anthropic one (see `convertToAnthropicFinishReason`).
 *
 * @see https://docs.anthropic.com/en/api/messages
 */
export function encodeAnthropicResponse(
  response: ModelResponse,
  options: EncodeResponseOptions = {},
): CodecResult<AnthropicMessageBody> {
  const warnings: Warning[] = [];
  const metadata = response.providerMetadata?.anthropic;
  const stopSequence = typeof metadata?.stopSequence === 'string' ? metadata.stopSequence : undefined;
  const stopDetails = metadata?.stopDetails;
  const content = convertToAnthropicAssistantContent(response.message.content, {
    requireSignature: false,
    cacheControl: false,
    warnings,
  });
  return {
    value: {
      id: response.id ?? ANTHROPIC_FALLBACK_MESSAGE_ID,
      type: 'message',
      role: 'assistant',
      model: response.model ?? options.model ?? 'unknown',
      content,
      stop_reason: convertToAnthropicFinishReason(response.finishReason, response.rawFinishReason, stopSequence),
      stop_sequence: stopSequence ?? null,
      stop_details:
        typeof stopDetails === 'object' && stopDetails !== null && !Array.isArray(stopDetails) ? stopDetails : null,
      usage: convertToAnthropicUsage(response.usage),
    },
    warnings,
  };
}
