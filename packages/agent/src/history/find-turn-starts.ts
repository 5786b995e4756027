import type { Message } from '@interlingua/core';

/**
 * The index where each turn starts. A turn is a user message and everything after it up to
 * the next user message; leading assistant messages belong to the first turn. Tool messages
 * never start a turn, so cutting at these indexes never separates a call from its result.
 */
export function findTurnStarts(messages: readonly Message[]): number[] {
  const starts: number[] = [];
  for (let index = 0; index < messages.length; index++) {
    if ((messages[index] as Message).role === 'user' && index > 0) starts.push(index);
    else if (index === 0) starts.push(0);
  }
  return starts;
}
