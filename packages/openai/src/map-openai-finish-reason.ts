import type { FinishReason } from '@interlingua/core';

/**
 * Maps a Chat Completions `finish_reason` to the IR. A refusal (the `refusal` field or
 * `delta.refusal`) arrives with `stop`, so the caller says whether one was seen. Calls that
 * arrive with `stop` (OpenAI does this when `tool_choice` names a function; some compatible
 * servers always do) still mean "run the tools": the caller says whether the message has calls.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
export function mapOpenAIFinishReason(
  raw: string | null | undefined,
  refused: boolean,
  hasToolCalls = false,
): FinishReason {
  if (refused) return 'refusal';
  if (hasToolCalls && raw === 'stop') return 'tool_calls';
  switch (raw) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    case 'content_filter':
      return 'content_filter';
    default:
      return 'other';
  }
}

/** The `finish_reason` values a Chat Completions response may carry. */
export type OpenAIFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/**
 * Maps an IR finish reason back to Chat Completions (gateway direction). `refusal`, `pause`,
 * `error` and `other` have no word of their own and become `stop` (a refusal also sets `refusal`).
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
export function convertToOpenAIFinishReason(reason: FinishReason): OpenAIFinishReason {
  switch (reason) {
    case 'stop':
    case 'refusal':
    case 'pause':
    case 'error':
    case 'other':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
      return 'tool_calls';
    case 'content_filter':
      return 'content_filter';
    default: {
      const exhaustive: never = reason;
      return exhaustive;
    }
  }
}
