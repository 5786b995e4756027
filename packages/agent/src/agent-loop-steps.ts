import { InvalidRequestError, type Message, type StreamEvent, type Usage } from '@interlingua/core';
import type { AgentEvent } from './agent-event';
import type { ResolvedAgentOptions } from './agent-options';
import { findHistoryProblems } from './history/find-history-problems';

/** The history sent on a step: the stored one, shaped by the history strategy (checked to stay valid). */
export function shapeHistory(options: ResolvedAgentOptions, step: number): Message[] {
  const { strategy, history } = options;
  if (strategy === undefined) return history.slice();
  const shaped = strategy(history, {
    ...(options.system === undefined ? {} : { system: options.system }),
    tools: options.tools.data,
    step,
  });
  const problems = findHistoryProblems(shaped);
  if (problems.length > 0) {
    throw new InvalidRequestError({
      message: `Expected the history strategy to return a valid history: ${problems.join(' ')}`,
    });
  }
  return [...shaped];
}

/** Passes a model stream through, emitting its events (`finish` and `error` are the loop's) and keeping a failure's billed usage. */
export async function* forward(
  events: AsyncIterable<StreamEvent>,
  emit: (event: AgentEvent) => void,
  failure: { usage?: Usage },
): AsyncIterable<StreamEvent> {
  for await (const event of events) {
    if (event.type === 'error') {
      if (event.usage !== undefined) failure.usage = event.usage;
    } else if (event.type !== 'finish') emit(event);
    yield event;
  }
}
