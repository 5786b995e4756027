import type { Message } from '@interlingua/core';

/**
 * Lists what makes `messages` an invalid history for a model call; an empty list means valid.
 *
 * A valid history does not start with a `tool` message; every assistant turn with tool
 * calls is followed at once by one `tool` message answering each of its calls exactly
 * once, in call order; and no `tool` message appears anywhere else. Every provider
 * rejects a history that breaks these rules, so history strategies are held to them.
 *
 * @example
 * findHistoryProblems(result.messages); // []
 */
export function findHistoryProblems(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  if (messages[0]?.role === 'tool')
    problems.push('Expected the history to start with a user or assistant message, got a tool message.');
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    if (message.role === 'tool') {
      const previous = messages[index - 1];
      if (previous?.role !== 'assistant' || !previous.content.some((part) => part.type === 'tool-call')) {
        problems.push(
          `messages[${index}]: Expected a tool message only right after an assistant turn with tool calls, got an orphan tool message.`,
        );
      }
      continue;
    }
    if (message.role !== 'assistant') continue;
    const callIds: string[] = [];
    for (const part of message.content) if (part.type === 'tool-call') callIds.push(part.id);
    if (callIds.length === 0) continue;
    const next = messages[index + 1];
    if (next?.role !== 'tool') {
      problems.push(
        `messages[${index}]: Expected the tool calls [${callIds.join(', ')}] to be answered by the next message, got ${next === undefined ? 'the end of the history' : `a ${next.role} message`}.`,
      );
      continue;
    }
    const resultIds = next.content.map((result) => result.toolCallId);
    if (resultIds.length !== callIds.length || resultIds.some((id, position) => id !== callIds[position])) {
      problems.push(
        `messages[${index + 1}]: Expected one result per call, in call order [${callIds.join(', ')}], got [${resultIds.join(', ')}].`,
      );
    }
  }
  return problems;
}
