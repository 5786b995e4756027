import type { AssistantMessage, Message, Warning } from '@interlingua/core';

/**
 * Renames the calls of a new assistant turn whose ids already stand in the history or twice in
 * the turn. Some OpenAI-compatible servers number calls `call_0`, `call_1`, … afresh every turn,
 * or give parallel calls one id; a history where two calls share an id cannot be answered
 * "exactly one result per call" and is refused by providers that check (Anthropic, Gemini).
 * A renamed id keeps the original as its prefix (`call_0_2`); each rename is a warning.
 */
export function withUniqueCallIds(
  message: AssistantMessage,
  history: readonly Message[],
): { message: AssistantMessage; warnings: Warning[] } {
  const calls = message.content.filter((part) => part.type === 'tool-call');
  if (calls.length === 0) return { message, warnings: [] };
  const seen = new Set<string>();
  for (const earlier of history) {
    if (earlier.role !== 'assistant') continue;
    for (const part of earlier.content) if (part.type === 'tool-call') seen.add(part.id);
  }
  const warnings: Warning[] = [];
  let changed = false;
  const content = message.content.map((part) => {
    if (part.type !== 'tool-call') return part;
    if (!seen.has(part.id)) {
      seen.add(part.id);
      return part;
    }
    let suffix = 2;
    while (seen.has(`${part.id}_${suffix}`)) suffix += 1;
    const id = `${part.id}_${suffix}`;
    seen.add(id);
    changed = true;
    warnings.push({
      type: 'degraded',
      feature: 'tool-call.id',
      message: `The model reused the call id "${part.id}"; the call was renamed "${id}" so that each result answers exactly one call.`,
    });
    return { ...part, id };
  });
  return { message: changed ? { ...message, content } : message, warnings };
}
