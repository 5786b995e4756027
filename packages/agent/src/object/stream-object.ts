import { collectStream, type JSONValue, type StreamEvent } from '@interlingua/core';
import { Allow, parse } from 'partial-json';
import {
  type GenerateObjectOptions,
  type GenerateObjectResult,
  prepareObjectRun,
  startAttempts,
} from './generate-object';
import type { InferObject, ObjectSchema } from './object-schema';

/** An object being written: every property may still be missing, every array and string unfinished. */
export type PartialObject<T> = T extends readonly (infer E)[]
  ? PartialObject<E>[]
  : T extends object
    ? { [K in keyof T]?: PartialObject<T[K]> }
    : T;

/** What {@link streamObject} returns. */
export type StreamObjectResult<T> = {
  /**
   * The object as the JSON arrives: one partial object per change, not validated (read from
   * unfinished JSON with `partial-json`). A re-ask after an invalid answer starts over.
   */
  partialObjectStream: AsyncIterable<PartialObject<T>>;
  /** The final object, validated; rejects with `NoObjectGeneratedError` as `generateObject` throws. */
  object: Promise<T>;
  /** Everything `generateObject` returns. */
  result: Promise<GenerateObjectResult<T>>;
};

// Partial strings, arrays and objects; numbers only when complete (18 is not first 1, then 18).
const ALLOW = Allow.STR | Allow.ARR | Allow.OBJ;

/** The value of unfinished JSON text, or `undefined` while it has none. Never throws. */
function parsePartial(text: string): JSONValue | undefined {
  const start = text.search(/[[{]/);
  if (start === -1) return undefined;
  try {
    return parse(text.slice(start), ALLOW) as JSONValue;
  } catch {
    return undefined;
  }
}

/**
 * `generateObject`, streaming: `partialObjectStream` yields the object as its JSON arrives, and
 * `object` resolves with the final one, validated (an invalid answer is re-asked, `maxRepairs`).
 * The model call starts at once; partial objects are kept until read.
 *
 * @example
 * const { partialObjectStream, object } = streamObject({ model, schema, prompt: 'Three cities to visit.' });
 * for await (const partial of partialObjectStream) render(partial);
 * console.log(await object);
 */
export function streamObject<S extends ObjectSchema, T = unknown>(
  options: GenerateObjectOptions<S>,
): StreamObjectResult<InferObject<S, T>> {
  type Out = InferObject<S, T>;
  const queue: PartialObject<Out>[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  const notify = () => {
    wake?.();
    wake = undefined;
  };

  const result = (async (): Promise<GenerateObjectResult<Out>> => {
    try {
      const run = prepareObjectRun(options);
      const attempts = startAttempts(run);
      for (;;) {
        let text = '';
        let last = '';
        async function* watch(events: AsyncIterable<StreamEvent>): AsyncIterable<StreamEvent> {
          for await (const event of events) {
            if (event.type === 'text-delta') {
              text += event.text;
              const partial = parsePartial(text);
              const key = partial === undefined ? '' : JSON.stringify(partial);
              if (key !== '' && key !== last) {
                last = key;
                queue.push(partial as PartialObject<Out>);
                notify();
              }
            }
            yield event;
          }
        }
        const response = await collectStream(watch(options.model.stream(attempts.request, run.callOptions)));
        const done = attempts.settle(response);
        if (done !== undefined) return done as GenerateObjectResult<Out>;
      }
    } finally {
      done = true;
      notify();
    }
  })();
  // Read through `object` or `result`: the one not awaited must not report an unhandled rejection.
  result.catch(() => undefined);

  const partialObjectStream: AsyncIterable<PartialObject<Out>> = {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const next = queue.shift();
        if (next !== undefined) yield next;
        else if (done) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
  const object = result.then((value) => value.object);
  object.catch(() => undefined);
  return { partialObjectStream, object, result };
}
