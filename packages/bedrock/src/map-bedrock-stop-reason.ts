import type { FinishReason } from '@interlingua/core';

/**
 * Maps a Converse `stopReason` to the IR finish reason; unknown reasons map to `other`.
 *
 * `end_turn`, `stop_sequence` → `stop`; `tool_use` → `tool_calls`; `max_tokens`,
 * `model_context_window_exceeded` → `length`; `guardrail_intervened`, `content_filtered` →
 * `content_filter`; `malformed_model_output`, `malformed_tool_use` → `error`.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_ResponseSyntax
 */
export function mapBedrockStopReason(stopReason: string): FinishReason {
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'guardrail_intervened':
    case 'content_filtered':
      return 'content_filter';
    case 'malformed_model_output':
    case 'malformed_tool_use':
      return 'error';
    default:
      return 'other';
  }
}

const TO_BEDROCK: Record<FinishReason, string> = {
  stop: 'end_turn',
  tool_calls: 'tool_use',
  length: 'max_tokens',
  content_filter: 'content_filtered',
  refusal: 'content_filtered',
  pause: 'end_turn',
  error: 'malformed_model_output',
  other: 'end_turn',
};

/**
 * Maps an IR finish reason back to a Converse `stopReason` (the gateway direction). The
 * provider's own word is kept when it is one of Bedrock's that maps to the same finish reason.
 * `refusal` becomes `content_filtered`; `pause` and `other` have no Bedrock word and become `end_turn`.
 */
export function convertToBedrockFinishReason(finishReason: FinishReason, rawFinishReason: string | null): string {
  if (rawFinishReason !== null && mapBedrockStopReason(rawFinishReason) === finishReason && finishReason !== 'other')
    return rawFinishReason;
  return TO_BEDROCK[finishReason];
}

/** @deprecated Renamed {@link convertToBedrockFinishReason} (IR→wire functions are named `convertTo…`); this name is kept for one release. */
export const mapFinishReasonToBedrock = convertToBedrockFinishReason;
