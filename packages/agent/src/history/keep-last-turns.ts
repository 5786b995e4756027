import { InvalidSettingError } from '@interlingua/core';
import { findTurnStarts } from './find-turn-starts';
import type { HistoryStrategy } from './history-strategy';

/**
 * Sends only the last `n` turns (a turn is a user message and every assistant and tool
 * message after it). Cuts fall on user messages only, so each tool call keeps its result
 * and the history sent starts with a user message.
 *
 * @example
 * runAgent({ model, messages, historyStrategy: keepLastTurns(5) });
 */
export function keepLastTurns(n: number): HistoryStrategy {
  if (!Number.isInteger(n) || n < 1) {
    throw new InvalidSettingError({
      message: `Expected keepLastTurns(n) with n a positive integer, got ${String(n)}.`,
    });
  }
  return (messages) => {
    const starts = findTurnStarts(messages);
    if (starts.length <= n) return messages;
    return messages.slice(starts[starts.length - n]);
  };
}
