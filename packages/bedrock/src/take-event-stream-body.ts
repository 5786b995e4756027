import type { ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';

/** Where {@link takeEventStreamBody} leaves the raw body of a `ConverseStream` answer, when it took it. */
export type TakenBody = { body?: AsyncIterable<Uint8Array> };

type Response = { statusCode?: number; headers?: Record<string, string | undefined>; body?: unknown };
type Next = (args: unknown) => Promise<{ response: unknown }>;
type Stack = {
  addRelativeTo(
    middleware: (next: Next) => Next,
    options: { relation: 'after'; toMiddleware: string; name: string },
  ): void;
};

// What the SDK's deserializer reads instead: nothing, so it makes no iterator of its own.
const EMPTY_BODY: AsyncIterable<Uint8Array> = {
  [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true, value: undefined }) }),
};

/**
 * Takes the raw bytes of a successful `ConverseStream` answer for the adapter to read itself,
 * through the SDK's middleware stack: a middleware right inside the SDK's deserializer
 * (`deserializerMiddleware`) takes the body of a 2xx `application/vnd.amazon.eventstream`
 * response and hands the deserializer an empty one. Everything before it stays the SDK's:
 * endpoint, SigV4 or bearer signing, retries with backoff, the HTTP handler and the abort
 * signal, and the modeled exceptions of an error status (whose body is left alone). Any other
 * answer is left to the SDK too, so its own `stream` iterator is then the one to read.
 */
export function takeEventStreamBody(command: ConverseStreamCommand, taken: TakenBody): void {
  const stack = command.middlewareStack as unknown as Stack;
  stack.addRelativeTo(
    (next) => async (args) => {
      const result = await next(args);
      const response = result.response as Response | undefined;
      const body = response?.body;
      if (
        response !== undefined &&
        response.statusCode !== undefined &&
        response.statusCode >= 200 &&
        response.statusCode < 300 &&
        isEventStream(response.headers) &&
        typeof (body as AsyncIterable<Uint8Array> | undefined)?.[Symbol.asyncIterator] === 'function'
      ) {
        taken.body = body as AsyncIterable<Uint8Array>;
        response.body = EMPTY_BODY;
      }
      return result;
    },
    { relation: 'after', toMiddleware: 'deserializerMiddleware', name: 'interlinguaEventStreamBody' },
  );
}

function isEventStream(headers: Response['headers']): boolean {
  if (headers === undefined) return false;
  for (const name in headers)
    if (name.toLowerCase() === 'content-type')
      return headers[name]?.split(';')[0]?.trim().toLowerCase() === 'application/vnd.amazon.eventstream';
  return false;
}
