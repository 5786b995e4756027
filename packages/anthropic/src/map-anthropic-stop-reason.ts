import type { FinishReason } from '@interlingua/core';

/**
 * Maps an Anthropic `stop_reason` to the IR finish reason. Unknown or missing reasons map to `other`.
 *
 * `end_turn` and `stop_sequence` → `stop`; `tool_use` → `tool_calls`; `max_tokens` and
 * `model_context_window_exceeded` → `length`; `pause_turn` → `pause`; `refusal` → `refusal`.
 *
 * @see https://docs.anthropic.com/en/api/handling-stop-reasons
 */
export function mapAnthropicStopReason(stopReason: string | null | undefined): FinishReason {
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'pause_turn':
      return 'pause';
    case 'refusal':
      return 'refusal';
    default:
      return 'other';
  }
}

const anthropicStopReasons = new Set([
  'end_turn',
  'stop_sequence',
  'tool_use',
  'max_tokens',
  'model_context_window_exceeded',
  'pause_turn',
  'refusal',
]);

/**
 * Maps an IR finish reason back to an Anthropic `stop_reason` (the gateway direction).
 * The provider's own word is kept when it is an Anthropic reason that maps to the same
 * finish reason; `stopSequence` selects `stop_sequence`. `content_filter` becomes `refusal`;
 * `error` and `other` have no Anthropic word and become `end_turn`.
 *
 * @see https://docs.anthropic.com/en/api/handling-stop-reasons
 */
export function convertToAnthropicFinishReason(
  finishReason: FinishReason,
  rawFinishReason: string | null,
  stopSequence: string | undefined,
): string {
  if (
    rawFinishReason !== null &&
    anthropicStopReasons.has(rawFinishReason) &&
    mapAnthropicStopReason(rawFinishReason) === finishReason
  ) {
    return rawFinishReason;
  }
  switch (finishReason) {
    case 'stop':
      return stopSequence === undefined ? 'end_turn' : 'stop_sequence';
    case 'tool_calls':
      return 'tool_use';
    case 'length':
      return 'max_tokens';
    case 'pause':
      return 'pause_turn';
    case 'refusal':
    case 'content_filter':
      return 'refusal';
    case 'error':
    case 'other':
      return 'end_turn';
    default: {
      const exhaustive: never = finishReason;
      throw new Error(`Unknown finish reason ${String(exhaustive)}`);
    }
  }
}

/** @deprecated Renamed {@link convertToAnthropicFinishReason} (IR→wire functions are named `convertTo…`); this name is kept for one release. */
export const mapFinishReasonToAnthropic = convertToAnthropicFinishReason;
