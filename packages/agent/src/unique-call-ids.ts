import type { AssistantMessage, Message, Warning } from '@interlingua/core';

/** The ids of every tool call in the history's assistant turns: what {@link withUniqueCallIds} starts from. */
export function callIdsOf(history: readonly Message[]): Set<string> {
  const seen = new Set<string>();
  for (const earlier of history) {
    if (earlier.role !== 'assistant') continue;
    for (const part of earlier.content) if (part.type === 'tool-call') seen.add(part.id);
  }
  return seen;
}

/**
 * Renames the calls of a new assistant turn whose ids are already in `seen` (the ids of the
 * history, from {@link callIdsOf}) or twice in the turn. Some OpenAI-compatible servers number
 * calls `call_0`, `call_1`, … afresh every turn, or give parallel calls one id; a history where
 * two calls share an id cannot be answered "exactly one result per call" and is refused by
 * providers that check (Anthropic, Gemini). A renamed id keeps the original as its prefix
 * (`call_0_2`); each rename is a warning. The turn's ids, as returned, are added to `seen`, so
 * a loop keeps one set for its whole run and each step costs only its own calls.
 */
export function withUniqueCallIds(
  message: AssistantMessage,
  seen: Set<string>,
): { message: AssistantMessage; warnings: Warning[] } {
  const warnings: Warning[] = [];
  let content: AssistantMessage['content'] | undefined;
  for (let index = 0; index < message.content.length; index++) {
    const part = message.content[index] as AssistantMessage['content'][number];
    if (part.type !== 'tool-call') continue;
    if (!seen.has(part.id)) {
      seen.add(part.id);
      continue;
    }
    let suffix = 2;
    while (seen.has(`${part.id}_${suffix}`)) suffix += 1;
    const id = `${part.id}_${suffix}`;
    seen.add(id);
    content ??= message.content.slice();
    content[index] = { ...part, id };
    warnings.push({
      type: 'degraded',
      feature: 'tool-call.id',
      message: `The model reused the call id "${part.id}"; the call was renamed "${id}" so that each result answers exactly one call.`,
    });
  }
  return { message: content === undefined ? message : { ...message, content }, warnings };
}
