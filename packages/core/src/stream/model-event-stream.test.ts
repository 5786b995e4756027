import { describe, expect, it } from 'vitest';
import { AbortedError } from '../errors/aborted-error';
import type { StreamEvent } from '../ir/stream-event';
import type { Warning } from '../ir/warning';
import { modelEventStream } from './model-event-stream';

const finish: StreamEvent = {
  type: 'finish',
  finishReason: 'stop',
  rawFinishReason: 'stop',
  usage: { inputTokens: 3, outputTokens: 2 },
};
const warning: Warning = { type: 'unsupported', feature: 'seed', message: 'seed is not supported.' };

/** A decoder stand-in that records whether it was closed. */
function decoder(events: StreamEvent[]) {
  const state = { closed: false, read: 0 };
  async function* run(): AsyncIterable<StreamEvent> {
    try {
      for (const event of events) {
        state.read += 1;
        yield event;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, events: run() };
}

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of stream) out.push(event);
  return out;
}

describe('modelEventStream', () => {
  it('opens on the first read, forwards the events 1:1 and puts the encode warnings first on finish', async () => {
    let opened = 0;
    const source = decoder([{ type: 'text-delta', text: 'a' }, { type: 'text-delta', text: 'b' }, finish]);
    const stream = modelEventStream(async () => {
      opened += 1;
      return { events: source.events, warnings: [warning] };
    });
    expect(opened).toBe(0);
    const events = await collect(stream);
    expect(opened).toBe(1);
    expect(events).toEqual([
      { type: 'text-delta', text: 'a' },
      { type: 'text-delta', text: 'b' },
      { ...finish, warnings: [warning] },
    ]);
  });

  it('throws a failure to open at the first read', async () => {
    const stream = modelEventStream(async () => {
      throw new Error('no connection');
    });
    await expect(collect(stream)).rejects.toThrow('no connection');
  });

  it("throws the caller's abort with the usage reported before it, and closes the decoder", async () => {
    const aborted = new AbortedError({ message: 'The caller aborted.' });
    const source = decoder([
      { type: 'text-delta', text: 'a' },
      { type: 'error', error: aborted, usage: { inputTokens: 5, outputTokens: 1 } },
      { type: 'text-delta', text: 'never' },
    ]);
    const seen: StreamEvent[] = [];
    const stream = modelEventStream(async () => ({ events: source.events, warnings: [] }));
    await expect(
      (async () => {
        for await (const event of stream) seen.push(event);
      })(),
    ).rejects.toBe(aborted);
    expect(seen).toEqual([{ type: 'text-delta', text: 'a' }]);
    expect(aborted.usage).toEqual({ inputTokens: 5, outputTokens: 1 });
    expect(source.state).toEqual({ closed: true, read: 2 });
  });

  it('keeps a failure of the backend as an error event', async () => {
    const failure = new Error('overloaded');
    const source = decoder([{ type: 'error', error: failure }]);
    const events = await collect(modelEventStream(async () => ({ events: source.events, warnings: [warning] })));
    expect(events).toEqual([{ type: 'error', error: failure }]);
  });

  it('closes the decoder when the consumer stops early, and reads nothing after', async () => {
    const source = decoder([{ type: 'text-delta', text: 'a' }, { type: 'text-delta', text: 'b' }, finish]);
    const stream = modelEventStream(async () => ({ events: source.events, warnings: [] }));
    const iterator = stream[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: { type: 'text-delta', text: 'a' } });
    await iterator.return?.();
    expect(source.state.closed).toBe(true);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(source.state.read).toBe(1);
  });
});
