import type { StreamEvent, Warning } from '@interlingua/core';
import type { EmulationFormat } from './emulation-format';

/** Options of {@link decodeEmulatedStream}. */
export type DecodeEmulatedStreamOptions = {
  /** Makes an id for each parsed call. */
  generateId: () => string;
  /** The tool names offered in the request. */
  toolNames: readonly string[];
  /** Keep at most this many calls (`parallelToolCalls: false`); extra calls are dropped with a warning. */
  maxCalls?: number;
  /** Warnings from preparing the request, reported on the finish event. */
  warnings?: readonly Warning[];
};

/**
 * Turns the stream of a text-only model answering an emulated request into a tool-calling
 * stream: text passes through until an action starts, each action becomes tool-call events,
 * and the finish event says `tool_calls` when there were calls. Reasoning deltas from the
 * server pass through untouched.
 */
export async function* decodeEmulatedStream(
  events: AsyncIterable<StreamEvent>,
  format: EmulationFormat,
  options: DecodeEmulatedStreamOptions,
): AsyncIterable<StreamEvent> {
  const parser = format.createParser({ generateId: options.generateId, toolNames: options.toolNames });
  const skipped = new Set<string>();
  let calls = 0;
  let finish: Extract<StreamEvent, { type: 'finish' }> | undefined;

  function* forward(batch: Iterable<StreamEvent>): Generator<StreamEvent> {
    for (const event of batch) {
      if (event.type === 'tool-call-start') {
        if (options.maxCalls !== undefined && calls >= options.maxCalls) skipped.add(event.id);
        else calls++;
      }
      const id = event.type === 'tool-call-end' ? event.toolCall.id : 'id' in event ? event.id : undefined;
      if (id !== undefined && skipped.has(id)) continue;
      yield event;
    }
  }

  for await (const event of events) {
    switch (event.type) {
      case 'text-delta':
        yield* forward(parser.push(event.text));
        break;
      case 'finish':
        finish = event;
        break;
      case 'error':
        // The reply is cut off: what the parser still holds is not settled, so it is not flushed.
        yield event;
        return;
      case 'reasoning-delta':
      case 'tool-call-start':
      case 'tool-call-delta':
      case 'tool-call-end':
      case 'hosted-tool-call':
      case 'hosted-tool-result':
        yield* forward([event]);
        break;
      default: {
        const exhaustive: never = event;
        throw new Error(`Unknown stream event ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  yield* forward(parser.end());
  if (finish === undefined) return;
  const warnings: Warning[] = [...(options.warnings ?? []), ...(finish.warnings ?? []), ...parser.warnings];
  if (skipped.size > 0) {
    warnings.push({
      type: 'degraded',
      feature: 'parallelToolCalls',
      message: `The model called ${calls + skipped.size} tools in one reply although at most ${options.maxCalls} was asked for; the extra ${skipped.size} were dropped.`,
    });
  }
  yield { ...finish, finishReason: calls > 0 ? 'tool_calls' : finish.finishReason, warnings };
}
