import type { Message, Tool } from '@interlingua/core';

/** What a history strategy knows about the call it prepares. */
export type HistoryContext = {
  /** The system prompt of the run, if any. */
  system?: string;
  /** The tools offered on this call (their data, as sent). */
  tools: readonly Tool[];
  /** The 0-based index of the model call about to be made. */
  step: number;
};

/**
 * Shapes the history sent on one model call. It returns the messages to send and never
 * changes the stored history, which `runAgent` keeps whole. A strategy must never return
 * an orphan tool result, a tool call without its result, or a history starting with a
 * `tool` message (`runAgent` checks, and ends the run with `error` and an `InvalidRequestError` if one does).
 */
export type HistoryStrategy = (messages: readonly Message[], context: HistoryContext) => readonly Message[];

/**
 * Chains strategies left to right: each one shapes what the previous one returned.
 *
 * @example
 * const history = composeHistoryStrategies(collapseToolResults({ olderThanTurns: 2 }), tokenBudget({ maxInputTokens: 8000 }));
 */
export function composeHistoryStrategies(...strategies: readonly HistoryStrategy[]): HistoryStrategy {
  return (messages, context) => {
    let current = messages;
    for (const strategy of strategies) current = strategy(current, context);
    return current;
  };
}
