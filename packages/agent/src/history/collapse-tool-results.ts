import { InvalidSettingError, type Message, type ToolCall, type ToolResult } from '@interlingua/core';
import { findTurnStarts } from './find-turn-starts';
import type { HistoryStrategy } from './history-strategy';

/** Settings of {@link collapseToolResults}. */
export type CollapseToolResultsOptions = {
  /** Results in turns older than the last `olderThanTurns` turns are collapsed; at least 1 (the current turn stays whole). */
  olderThanTurns: number;
  /** Writes the one-line summary of a result; defaults to {@link summarizeToolResult}. */
  summarize?: (result: ToolResult, call: ToolCall | undefined) => string;
};

const maxSummaryLength = 120;

/**
 * The default one-line summary of a tool result: `[get_weather → 北京今天晴，25°C]`,
 * its text on one line, cut at 120 characters, `failed` for an error result.
 */
export function summarizeToolResult(result: ToolResult): string {
  const text = result.content
    .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
    .join(' ')
    .trim();
  const flat = text.replace(/\s+/g, ' ');
  const line = flat.length > maxSummaryLength ? `${flat.slice(0, maxSummaryLength)}…` : flat;
  return `[${result.toolName}${result.isError ? ' failed' : ''} → ${line}]`;
}

/**
 * Replaces the content of tool results in older turns with a one-line summary, keeping
 * every result (same call id, name and `isError`) next to its call, so pairing survives.
 * Saves tokens on long tool outputs; the cost is that the model can no longer read old
 * results in full, which a follow-up such as "and Shanghai?" may need.
 *
 * @example
 * runAgent({ model, messages, historyStrategy: collapseToolResults({ olderThanTurns: 2 }) });
 */
export function collapseToolResults(options: CollapseToolResultsOptions): HistoryStrategy {
  const { olderThanTurns } = options;
  if (!Number.isInteger(olderThanTurns) || olderThanTurns < 1) {
    throw new InvalidSettingError({
      message: `Expected collapseToolResults({ olderThanTurns }) to be a positive integer, got ${String(olderThanTurns)}.`,
    });
  }
  const summarize = options.summarize ?? summarizeToolResult;
  return (messages) => {
    const starts = findTurnStarts(messages);
    if (starts.length <= olderThanTurns) return messages;
    const end = starts[starts.length - olderThanTurns] as number;
    let out: Message[] | undefined;
    for (let index = 0; index < end; index++) {
      const message = messages[index] as Message;
      if (message.role !== 'tool') continue;
      const previous = messages[index - 1];
      const calls = new Map<string, ToolCall>();
      if (previous?.role === 'assistant') {
        for (const part of previous.content) if (part.type === 'tool-call') calls.set(part.id, part);
      }
      out ??= messages.slice();
      out[index] = {
        role: 'tool',
        content: message.content.map((result) => ({
          ...result,
          content: [{ type: 'text', text: summarize(result, calls.get(result.toolCallId)) }],
        })),
      };
    }
    return out ?? messages;
  };
}
