import { describe, expect, it } from 'vitest';
import { AbortedError } from '../errors/aborted-error';
import { APICallError } from '../errors/api-call-error';
import { type ReadSSEJSONOptions, readSSEJSON } from './read-sse-json';

const encoder = new TextEncoder();

// A body handing out `chunks` one per read, then (with `stall`) waiting until cancelled.
function body(chunks: Uint8Array[], options: { stall?: boolean } = {}) {
  const state = { cancelled: false as boolean, reason: undefined as unknown };
  let index = 0;
  let release: (() => void) | undefined;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++] as Uint8Array);
      else if (options.stall === true) await new Promise<void>((resolve) => (release = resolve));
      else controller.close();
    },
    cancel(reason) {
      state.cancelled = true;
      state.reason = reason;
      release?.();
    },
  });
  return { stream, state };
}

async function read(chunks: Uint8Array[], options: Partial<ReadSSEJSONOptions> = {}) {
  const values: unknown[] = [];
  for await (const value of readSSEJSON(body(chunks).stream, { timeoutMs: 60_000, provider: 'Acme', ...options })) {
    values.push(value);
  }
  return values;
}

// Every way of cutting `bytes` in two, and byte by byte.
function splits(bytes: Uint8Array): Uint8Array[][] {
  const out: Uint8Array[][] = [];
  for (let at = 0; at <= bytes.length; at++) out.push([bytes.slice(0, at), bytes.slice(at)]);
  out.push(Array.from(bytes, (byte) => Uint8Array.of(byte)));
  return out;
}

describe('readSSEJSON', () => {
  const stream =
    ': a comment\n\ndata: {"text":"北京 😀"}\n\nevent: delta\ndata: {"a":\ndata: 1}\n\r\ndata:{"b":[1,2]}\r\n\r\ndata: {"c":"\\u00e9"}\r\r';
  const expected = [{ text: '北京 😀' }, { a: 1 }, { b: [1, 2] }, { c: 'é' }];

  it('reads the JSON data of each event: LF, CRLF and CR line ends, comments, multi-line data', async () => {
    expect(await read([encoder.encode(stream)])).toEqual(expected);
  });

  it('reads the same whatever the reads split — at every byte, inside a character, inside a CRLF', async () => {
    const bytes = encoder.encode(stream);
    for (const chunks of splits(bytes)) expect(await read(chunks)).toEqual(expected);
  });

  it('reads data fields as the spec says: no colon, empty value, one space dropped, other fields ignored', async () => {
    const bytes = encoder.encode('data\ndata: 1\n\ndata:\r\ndata:2\r\n\r\ndatax: 5\ndata:  [3]\n\n');
    for (const chunks of splits(bytes)) expect(await read(chunks)).toEqual([1, 2, [3]]);
  });

  it('drops a byte order mark at the start of the stream, split anywhere', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('data: {"a":"\u00e9"}\n\n')]);
    for (const chunks of splits(bytes)) expect(await read(chunks)).toEqual([{ a: '\u00e9' }]);
  });

  it('reads invalid UTF-8 as TextDecoder does (U+FFFD), split anywhere, from Buffer chunks too', async () => {
    const bytes = new Uint8Array([
      ...encoder.encode('data: {"a":"'),
      ...[0xe2, 0x82, 0x41, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0xc3],
      ...encoder.encode('"}\n\n'),
    ]);
    const expected = [JSON.parse(new TextDecoder().decode(bytes).slice(6))];
    expect(expected).toEqual([{ a: '\ufffdA\ufffd\ufffd\ufffd\ufffd\ufffd' }]);
    for (const chunks of splits(bytes)) {
      expect(await read(chunks)).toEqual(expected);
      // An `undici` body's way: an async iterable of Node Buffers.
      const buffers = (async function* () {
        for (const chunk of chunks) yield Buffer.from(chunk);
      })();
      const values: unknown[] = [];
      for await (const value of readSSEJSON(buffers, { timeoutMs: 60_000, provider: 'Acme' })) values.push(value);
      expect(values).toEqual(expected);
    }
  });

  it('drops an event the stream ends in the middle of, as the spec says', async () => {
    expect(await read([encoder.encode('data: {"a":1}\n\ndata: {"b":2}')])).toEqual([{ a: 1 }]);
  });

  it('stops taking data at doneData, but reads the body to its end', async () => {
    const { stream: source, state } = body([encoder.encode('data: {"a":1}\n\ndata: [DONE]\n\ndata: {"b":2}\n\n')]);
    const values: unknown[] = [];
    for await (const value of readSSEJSON(source, { timeoutMs: 1000, provider: 'Acme', doneData: '[DONE]' })) {
      values.push(value);
    }
    expect(values).toEqual([{ a: 1 }]);
    expect(state.cancelled).toBe(false);
  });

  it('skips unnamed events and the events named in skipEvents (the Anthropic SDK way)', async () => {
    const text =
      'data: {"x":0}\n\nevent: ping\ndata: {"type":"ping"}\n\nevent: a\ndata: {"type":"a"}\n\nevent: b\ndata:\n\n';
    expect(await read([encoder.encode(text)], { namedOnly: true, skipEvents: new Set(['ping']) })).toEqual([
      { type: 'a' },
    ]);
  });

  it('throws data that is not JSON through mapError', async () => {
    const mapped = new APICallError({ message: 'not JSON', isRetryable: true });
    const error = await read([encoder.encode('data: {"a":1}\n\ndata: <html>\n\n')], {
      mapError: (thrown) => (thrown instanceof SyntaxError ? mapped : thrown),
    }).catch((thrown: unknown) => thrown);
    expect(error).toBe(mapped);
  });

  it('a stall cancels the body and throws a retryable APICallError naming the bound, the events kept', async () => {
    const { stream: source, state } = body([encoder.encode('data: {"a":1}\n\n')], { stall: true });
    const values: unknown[] = [];
    const aborts: unknown[] = [];
    let error: unknown;
    try {
      for await (const value of readSSEJSON(source, {
        timeoutMs: 30,
        provider: 'Acme',
        abort: (reason) => aborts.push(reason),
      })) {
        values.push(value);
      }
    } catch (thrown) {
      error = thrown;
    }
    expect(values).toEqual([{ a: 1 }]);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true, statusCode: undefined });
    expect((error as Error).message).toContain('within 30 ms (streamIdleTimeout)');
    expect(state.cancelled).toBe(true);
    expect(aborts).toHaveLength(1);
    expect((aborts[0] as DOMException).name).toBe('TimeoutError');
  });

  it('after the caller aborted, the failure of the body is an AbortedError', async () => {
    const controller = new AbortController();
    // As a fetch body does: an abort of the request's signal errors the body.
    let sent = false;
    const source = new ReadableStream<Uint8Array>({
      pull(stream) {
        if (!sent) {
          sent = true;
          stream.enqueue(encoder.encode('data: {"a":1}\n\n'));
          return;
        }
        return new Promise<void>((resolve) => {
          controller.signal.addEventListener('abort', () => {
            stream.error(new DOMException('This operation was aborted', 'AbortError'));
            resolve();
          });
        });
      },
    });
    const values: unknown[] = [];
    const error = await (async () => {
      for await (const value of readSSEJSON(source, {
        timeoutMs: 60_000,
        provider: 'Acme',
        signal: controller.signal,
      })) {
        values.push(value);
        controller.abort();
      }
    })().catch((thrown: unknown) => thrown);
    expect(values).toEqual([{ a: 1 }]);
    expect(AbortedError.isInstance(error)).toBe(true);
  });

  it('a consumer that stops early cancels the body', async () => {
    const { stream: source, state } = body([encoder.encode('data: {"a":1}\n\ndata: {"b":2}\n\n')], { stall: true });
    for await (const value of readSSEJSON(source, { timeoutMs: 60_000, provider: 'Acme' })) {
      expect(value).toEqual({ a: 1 });
      break;
    }
    expect(state.cancelled).toBe(true);
  });

  it('a body that fails goes through mapError', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('terminated'));
      },
    });
    const error = await (async () => {
      for await (const _ of readSSEJSON(failing, {
        timeoutMs: 60_000,
        provider: 'Acme',
        mapError: (thrown) => new APICallError({ message: `mapped: ${(thrown as Error).message}`, isRetryable: true }),
      })) {
        // Nothing arrives.
      }
    })().catch((thrown: unknown) => thrown);
    expect((error as Error).message).toBe('mapped: terminated');
  });
});
