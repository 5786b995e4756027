/** Called as the canned stream hands out chunk `index` (the heap probe samples here). */
export type PullProbe = (index: number) => void;

const encoder = new TextEncoder();

/** UTF-8 bytes of each string. */
export function utf8Chunks(parts: readonly string[]): Uint8Array<ArrayBuffer>[] {
  return parts.map((part) => encoder.encode(part));
}

/**
 * A `fetch` that answers every call at once with the same canned JSON bytes (status 200), read
 * nothing from the request, so both sides of a pair pay the same for the "network".
 */
export function cannedJSONFetch(bytes: Uint8Array<ArrayBuffer>, onCall?: () => void): typeof fetch {
  return async () => {
    onCall?.();
    return new Response(bytes, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

/** A fresh `ReadableStream` handing out the chunks one per pull, as a socket delivers one event per read. */
export function cannedByteStream(chunks: readonly Uint8Array[], probe?: PullProbe): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) {
        probe?.(index);
        controller.enqueue(chunks[index++] as Uint8Array);
      } else controller.close();
    },
  });
}

/** A `fetch` answering every call with a canned `text/event-stream` body, one SSE event per chunk. */
export function cannedSSEFetch(chunks: readonly Uint8Array[], probe?: PullProbe): typeof fetch {
  return async () =>
    new Response(cannedByteStream(chunks, probe), { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

/**
 * Runs `op` with `globalThis.fetch` replaced (for `@google/generative-ai`, which takes no `fetch`
 * option and calls the global one when it sends).
 */
export async function withGlobalFetch<T>(fetchImpl: typeof fetch, op: () => Promise<T>): Promise<T> {
  const saved = globalThis.fetch;
  globalThis.fetch = fetchImpl;
  try {
    return await op();
  } finally {
    globalThis.fetch = saved;
  }
}
