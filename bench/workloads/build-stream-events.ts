import type { StreamEvent } from '@interlingua/core';

/** How many fragments the streamed tool call's arguments arrive in. */
export const ARGUMENT_FRAGMENTS = 200;

/**
 * The IR events of a streamed answer `total` events long: text deltas, then one tool call whose
 * arguments arrive in {@link ARGUMENT_FRAGMENTS} fragments (half the stream when it is shorter
 * than 400 events), split inside strings, then `finish` with usage.
 */
export function buildStreamEvents(total: number): StreamEvent[] {
  const fragments = Math.min(ARGUMENT_FRAGMENTS, Math.floor(total / 2));
  const textEvents = Math.max(1, total - fragments - 3);
  const events: StreamEvent[] = [];
  for (let i = 0; i < textEvents; i++)
    events.push({ type: 'text-delta', text: i % 3 === 0 ? `北京${i} ` : `token${i} ` });
  const args = { city: '北京', unit: 'celsius', days: 3, note: 'x'.repeat(fragments * 4) };
  const argsText = JSON.stringify(args);
  events.push({ type: 'tool-call-start', id: 'call_bench', name: 'get_weather' });
  for (let i = 0; i < fragments; i++) {
    const from = Math.floor((i * argsText.length) / fragments);
    const to = Math.floor(((i + 1) * argsText.length) / fragments);
    events.push({ type: 'tool-call-delta', id: 'call_bench', argsTextDelta: argsText.slice(from, to) });
  }
  events.push({ type: 'tool-call-end', toolCall: { type: 'tool-call', id: 'call_bench', name: 'get_weather', args } });
  events.push({
    type: 'finish',
    finishReason: 'tool_calls',
    rawFinishReason: 'tool_calls',
    usage: { inputTokens: 1200, outputTokens: total },
    warnings: [],
  });
  return events;
}
