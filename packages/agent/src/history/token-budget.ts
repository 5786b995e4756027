import { type ChatRequest, InvalidSettingError } from '@interlingua/core';
import { estimateTokens } from './estimate-tokens';
import { findTurnStarts } from './find-turn-starts';
import type { HistoryStrategy } from './history-strategy';

/** Settings of {@link tokenBudget}. */
export type TokenBudgetOptions = {
  /** The most input tokens a call may send: system prompt, tools and messages together. */
  maxInputTokens: number;
  /** Counts a request's input tokens. Defaults to the heuristic {@link estimateTokens}; pass a real tokenizer where you have one. */
  estimate?: (request: Pick<ChatRequest, 'system' | 'messages' | 'tools'>) => number;
};

/**
 * Drops the oldest whole turns until the estimated input fits `maxInputTokens`. The last
 * turn (the current question and its tool exchange) is always kept, even when it alone is
 * over budget: cutting inside it would separate calls from results or leave no question.
 * Combine with `collapseToolResults` to shrink what stays.
 *
 * @example
 * runAgent({ model, messages, historyStrategy: tokenBudget({ maxInputTokens: 100_000 }) });
 */
export function tokenBudget(options: TokenBudgetOptions): HistoryStrategy {
  const { maxInputTokens } = options;
  if (!Number.isInteger(maxInputTokens) || maxInputTokens < 1) {
    throw new InvalidSettingError({
      message: `Expected tokenBudget({ maxInputTokens }) to be a positive integer, got ${String(maxInputTokens)}.`,
    });
  }
  const estimate = options.estimate ?? estimateTokens;
  return (messages, context) => {
    const starts = findTurnStarts(messages);
    const base = { ...(context.system === undefined ? {} : { system: context.system }), tools: [...context.tools] };
    for (let turn = 0; turn < starts.length - 1; turn++) {
      const candidate = turn === 0 ? messages : messages.slice(starts[turn]);
      if (estimate({ ...base, messages: [...candidate] }) <= maxInputTokens) return candidate;
    }
    return starts.length === 0 ? messages : messages.slice(starts[starts.length - 1]);
  };
}
