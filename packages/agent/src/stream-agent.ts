import type { AgentEvent } from './agent-event';
import { runAgentLoop } from './agent-loop';
import { type AgentOptions, resolveAgentOptions } from './agent-options';

/**
 * Runs the tool loop of `runAgent` over `model.stream` and yields its events as they happen:
 * the model's text, reasoning and tool-call deltas, then `tool-call`, `tool-result`,
 * `step-finish`, and last `finish` with the result. Leaving the loop early (`break`) aborts
 * the run; an abort through `signal` throws `AgentAbortedError` from the iterator.
 *
 * @example
 * for await (const event of streamAgent({ model, tools, messages: [userMessage('Hi')] })) {
 *   if (event.type === 'text-delta') process.stdout.write(event.text);
 * }
 */
export async function* streamAgent(options: AgentOptions): AsyncGenerator<AgentEvent, void, undefined> {
  const controller = new AbortController();
  const signal =
    options.signal === undefined ? controller.signal : AbortSignal.any([options.signal, controller.signal]);
  const queue: AgentEvent[] = [];
  let wake: (() => void) | undefined;
  let settled: { failed: false } | { failed: true; error: unknown } | undefined;
  const push = (event: AgentEvent): void => {
    options.onEvent?.(event);
    queue.push(event);
    wake?.();
  };
  const resolved = resolveAgentOptions({ ...options, signal, onEvent: push });
  const run = runAgentLoop(resolved, 'stream').then(
    () => {
      settled = { failed: false };
      wake?.();
    },
    (error: unknown) => {
      settled = { failed: true, error };
      wake?.();
    },
  );
  let read = 0;
  try {
    while (true) {
      if (read < queue.length) {
        const event = queue[read++] as AgentEvent;
        if (read === queue.length) {
          queue.length = 0;
          read = 0;
        }
        yield event;
        continue;
      }
      if (settled !== undefined) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
    if (settled.failed) throw settled.error;
  } finally {
    if (settled === undefined) {
      controller.abort(new DOMException('The consumer stopped reading the agent stream.', 'AbortError'));
      await run;
    }
  }
}
