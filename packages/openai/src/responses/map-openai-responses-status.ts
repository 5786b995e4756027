import type { FinishReason } from '@interlingua/core';

/**
 * The provider's own word for why a response ended: the `incomplete_details.reason`
 * (`max_output_tokens`, `content_filter`) of an incomplete response, else its `status`
 * (`completed`, `cancelled`, …); `null` when it sent neither.
 */
export function rawOpenAIResponsesFinishReason(
  status: string | null | undefined,
  incompleteReason: string | null | undefined,
): string | null {
  if (status === 'incomplete') return incompleteReason ?? 'incomplete';
  return status ?? null;
}

/**
 * Maps a response's `status` and `incomplete_details.reason` to the IR. A refusal part arrives
 * with `completed`, so the caller says whether one was seen; `completed` with function calls
 * means "run the tools".
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */
export function mapOpenAIResponsesFinishReason(options: {
  status: string | null | undefined;
  incompleteReason: string | null | undefined;
  refused: boolean;
  hasToolCalls: boolean;
}): FinishReason {
  const { status, incompleteReason, refused, hasToolCalls } = options;
  if (status === 'incomplete') {
    if (incompleteReason === 'max_output_tokens') return 'length';
    if (incompleteReason === 'content_filter') return 'content_filter';
    return 'other';
  }
  if (status === 'completed' || status === null || status === undefined) {
    if (refused) return 'refusal';
    return hasToolCalls ? 'tool_calls' : 'stop';
  }
  if (status === 'failed') return 'error';
  return 'other';
}

/** A response's terminal `status` and `incomplete_details`, as the gateway writes them. */
export type OpenAIResponsesTerminal = {
  status: 'completed' | 'incomplete' | 'failed';
  incompleteDetails: { reason: 'max_output_tokens' | 'content_filter' } | null;
  /** True when the IR reason has no exact Responses equivalent (a warning is due). */
  degraded: boolean;
};

/**
 * Maps an IR finish reason back to a response status (the gateway direction): `length` and
 * `content_filter` are `incomplete` with their reason, `error` is `failed`; `stop`, `tool_calls`
 * and `refusal` are `completed` (a refusal is its own content part), and `pause` and `other`,
 * which Responses has no word for, are `completed` too.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */
export function convertToOpenAIResponsesTerminal(reason: FinishReason): OpenAIResponsesTerminal {
  switch (reason) {
    case 'stop':
    case 'tool_calls':
    case 'refusal':
      return { status: 'completed', incompleteDetails: null, degraded: false };
    case 'length':
      return { status: 'incomplete', incompleteDetails: { reason: 'max_output_tokens' }, degraded: false };
    case 'content_filter':
      return { status: 'incomplete', incompleteDetails: { reason: 'content_filter' }, degraded: false };
    case 'error':
      return { status: 'failed', incompleteDetails: null, degraded: false };
    case 'pause':
    case 'other':
      return { status: 'completed', incompleteDetails: null, degraded: true };
    default: {
      const exhaustive: never = reason;
      return exhaustive;
    }
  }
}
