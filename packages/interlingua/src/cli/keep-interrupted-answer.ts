import type { Message } from '@interlingua/core';

/** The mark an interrupted answer carries in the history, so the model knows it was cut. */
export const INTERRUPTED_MARK = '[interrupted by the user]';

/**
 * The history after a turn the user interrupted: what completed (`completed`, valid to resume),
 * plus the answer as far as the user saw it, marked as interrupted. A turn cut before any text
 * still gets the mark, so the next request never holds two user messages in a row.
 */
export function keepInterruptedAnswer(completed: readonly Message[], shownText: string): Message[] {
  const last = completed.at(-1);
  if (shownText === '' && last?.role === 'tool') return [...completed];
  const text = shownText === '' ? INTERRUPTED_MARK : `${shownText} ${INTERRUPTED_MARK}`;
  return [...completed, { role: 'assistant', content: [{ type: 'text', text }] }];
}
