import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AbortedError } from '../errors/aborted-error';
import { APICallError } from '../errors/api-call-error';
import { withIdleTimeout } from './with-idle-timeout';

// A transport stand-in: yields `chunks` (each after `gapMs`), then waits for the next one until
// `controller` aborts, and then ends quietly (as the OpenAI and Anthropic SDKs do) or throws (as fetch does).
function transport(chunks: string[], options: { gapMs?: number; onAbort?: 'end' | 'throw' } = {}) {
  const controller = new AbortController();
  const state = { returned: false, aborts: 0 };
  controller.signal.addEventListener('abort', () => state.aborts++);
  async function* source(): AsyncGenerator<string> {
    try {
      for (const chunk of chunks) {
        if (options.gapMs !== undefined) await sleep(options.gapMs);
        yield chunk;
      }
      await new Promise<void>((resolve, reject) => {
        const stop = () =>
          options.onAbort === 'throw'
            ? reject(new DOMException('This operation was aborted', 'AbortError'))
            : resolve();
        if (controller.signal.aborted) stop();
        else controller.signal.addEventListener('abort', stop, { once: true });
      });
    } finally {
      state.returned = true;
    }
  }
  return { source: source(), controller, state };
}

async function drain(chunks: AsyncIterable<string>): Promise<{ received: string[]; error?: unknown }> {
  const received: string[] = [];
  try {
    for await (const chunk of chunks) received.push(chunk);
  } catch (error) {
    return { received, error };
  }
  return { received };
}

describe('withIdleTimeout', () => {
  it.each(['end', 'throw'] as const)(
    'a stall after the chunks aborts the transport and throws a retryable APICallError, the chunks kept (source %s)',
    async (onAbort) => {
      const { source, controller, state } = transport(['a', 'b'], { onAbort });
      const { received, error } = await drain(
        withIdleTimeout(source, {
          timeoutMs: 30,
          abort: (reason) => controller.abort(reason),
          provider: 'Acme',
        }),
      );
      expect(received).toEqual(['a', 'b']);
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        isRetryable: true,
        statusCode: undefined,
        message:
          'Expected the next chunk of the Acme stream within 30 ms (streamIdleTimeout), got none; the stream was abandoned.',
      });
      expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
      expect(controller.signal.reason).toBe((error as Error).cause);
      expect(state.aborts).toBe(1);
    },
  );

  it('bounds each wait, not the whole stream: a steady stream longer than the timeout completes', async () => {
    const chunks = Array.from({ length: 30 }, (_, index) => `c${index}`);
    // 30 chunks 40 ms apart take longer than the 1 s bound in total; no single gap comes near it.
    const { source, controller } = transport(chunks, { gapMs: 40 });
    controller.abort(); // the source ends right after the last chunk
    let aborted = false;
    const { received, error } = await drain(
      withIdleTimeout(source, {
        timeoutMs: 1_000,
        abort: () => {
          aborted = true;
        },
        provider: 'Acme',
      }),
    );
    expect(error).toBeUndefined();
    expect(received).toEqual(chunks);
    expect(aborted).toBe(false);
  });

  it('does not count the time the consumer spends on a chunk as idle time', async () => {
    const { source, controller } = transport(['a', 'b', 'c']);
    controller.abort();
    let aborted = false;
    const received: string[] = [];
    for await (const chunk of withIdleTimeout(source, {
      timeoutMs: 20,
      abort: () => {
        aborted = true;
      },
      provider: 'Acme',
    })) {
      received.push(chunk);
      await sleep(60); // three times the bound, between two reads
    }
    expect(received).toEqual(['a', 'b', 'c']);
    expect(aborted).toBe(false);
  });

  it("after the caller's signal fired, the end of the stream is an AbortedError", async () => {
    const { source, controller } = transport(['a']);
    const caller = new AbortController();
    caller.signal.addEventListener('abort', () => controller.abort(caller.signal.reason));
    const received: string[] = [];
    const error = await (async () => {
      for await (const chunk of withIdleTimeout(source, {
        timeoutMs: 10_000,
        abort: (reason) => controller.abort(reason),
        provider: 'Acme',
        signal: caller.signal,
      })) {
        received.push(chunk);
        caller.abort(new Error('user pressed stop'));
      }
    })().catch((caught: unknown) => caught);
    expect(received).toEqual(['a']);
    expect(AbortedError.isInstance(error)).toBe(true);
    expect((error as Error).cause).toEqual(new Error('user pressed stop'));
  });

  it('maps other failures of the source with mapError', async () => {
    async function* failing(): AsyncGenerator<string> {
      yield 'a';
      throw new TypeError('terminated');
    }
    const { received, error } = await drain(
      withIdleTimeout(failing(), {
        timeoutMs: 10_000,
        abort: () => {},
        provider: 'Acme',
        mapError: (thrown) => new APICallError({ message: `mapped: ${(thrown as Error).message}`, cause: thrown }),
      }),
    );
    expect(received).toEqual(['a']);
    expect(error).toMatchObject({ code: 'API_CALL_ERROR', message: 'mapped: terminated' });
  });

  it('closes the source when the consumer stops early', async () => {
    const { source, state } = transport(['a', 'b', 'c']);
    for await (const chunk of withIdleTimeout(source, { timeoutMs: 10_000, abort: () => {}, provider: 'Acme' })) {
      if (chunk === 'a') break;
    }
    expect(state.returned).toBe(true);
  });

  it('leaves the waits unbounded for Infinity', async () => {
    const { source, controller } = transport(['a'], { gapMs: 30 });
    controller.abort();
    let aborted = false;
    const { received, error } = await drain(
      withIdleTimeout(source, {
        timeoutMs: Number.POSITIVE_INFINITY,
        abort: () => {
          aborted = true;
        },
        provider: 'Acme',
      }),
    );
    expect({ received, error, aborted }).toEqual({ received: ['a'], error: undefined, aborted: false });
  });
});
