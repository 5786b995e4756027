import { InvalidResponseError } from '@interlingua/core';
import {
  type EventStreamMessage,
  encodeEventStream,
  eventStreamEvent,
  eventStreamException,
  eventStreamMessagesOf,
} from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { BEDROCK_STREAM_EXCEPTIONS } from './bedrock-api';
import { EventStreamErrorMessage, type EventStreamOutput, EventStreamReader } from './event-stream-reader';

// Frames built by testkit with @smithy/eventstream-codec, the codec the AWS SDK decodes with.
const EXCEPTIONS = new Set(Object.keys(BEDROCK_STREAM_EXCEPTIONS));
const chunks = [
  { messageStart: { role: 'assistant' } },
  { contentBlockDelta: { contentBlockIndex: 0, delta: { text: '北京今天晴，气温 25 °C 🌤' } } },
  { contentBlockStop: { contentBlockIndex: 0 } },
  { messageStop: { stopReason: 'end_turn' } },
  { metadata: { usage: { inputTokens: 12, outputTokens: 9, totalTokens: 21 }, metrics: { latencyMs: 410 } } },
];
const bytes = encodeEventStream(eventStreamMessagesOf(chunks));

type Chunk = Record<string, unknown>;
// The chunks the SDK would yield for what the reader read: `{ [type]: payload }`.
const chunksOf = (out: EventStreamOutput): Chunk[] => out.types.map((type, index) => ({ [type]: out.payloads[index] }));
const output = (): EventStreamOutput => ({ types: [], payloads: [] });

// Reads `pieces` as the connection would hand them out, then the end of the body.
function read(pieces: readonly Uint8Array[]): Chunk[] {
  const reader = new EventStreamReader(EXCEPTIONS);
  const out = output();
  for (const piece of pieces) reader.push(piece, out);
  reader.end();
  return chunksOf(out);
}

function split(data: Uint8Array, ...at: number[]): Uint8Array[] {
  const cuts = [0, ...at, data.length];
  return cuts.slice(1).map((end, index) => data.slice(cuts[index], end));
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('EventStreamReader', () => {
  it('reads the SDK codec’s frames into the chunks the SDK yields, whole or split at any byte', () => {
    expect(read([bytes])).toEqual(chunks);
    for (let cut = 1; cut < bytes.length; cut++) expect(read(split(bytes, cut))).toEqual(chunks);
    expect(read(split(bytes, 3, 5, 11, 12, 40, 41, 42, 120))).toEqual(chunks);
    // Byte by byte: a frame is joined once, when its last byte arrives.
    expect(read(Array.from(bytes, (byte) => Uint8Array.of(byte)))).toEqual(chunks);
  });

  it('takes plain Uint8Arrays and Buffers alike, and keeps no view of a piece it is done with', () => {
    const [first, second] = split(bytes, 50);
    expect(read([Buffer.from(first as Uint8Array), second as Uint8Array])).toEqual(chunks);
    const piece = Uint8Array.from(bytes);
    const reader = new EventStreamReader(EXCEPTIONS);
    const out = output();
    reader.push(piece.subarray(0, 60), out);
    piece.fill(0);
    reader.push(Uint8Array.from(bytes).subarray(60), out);
    expect(chunksOf(out)).toEqual(chunks);
  });

  it('skips headers of every other type, and reads a frame without a payload as {}', () => {
    const message: EventStreamMessage = {
      ...eventStreamEvent('contentBlockStop', { contentBlockIndex: 1 }),
      headers: {
        flag: { type: 'boolean', value: true },
        off: { type: 'boolean', value: false },
        b: { type: 'byte', value: -3 },
        s: { type: 'short', value: 300 },
        i: { type: 'integer', value: 70_000 },
        raw: { type: 'binary', value: Uint8Array.of(1, 2, 3) },
        when: { type: 'timestamp', value: new Date(0) },
        id: { type: 'uuid', value: '123e4567-e89b-12d3-a456-426614174000' },
        note: { type: 'string', value: 'ünïcödé' },
      },
    };
    expect(read([encodeEventStream([message])])).toEqual([{ contentBlockStop: { contentBlockIndex: 1 } }]);
  });

  it('hands a modeled exception on as its member; throws an unknown exception and an error message as the SDK does', () => {
    const failure = { message: 'Model stream error.', originalStatusCode: 424 };
    expect(read([encodeEventStream([eventStreamException('modelStreamErrorException', failure)])])).toEqual([
      { modelStreamErrorException: failure },
    ]);
    const unknown = thrown(() => read([encodeEventStream([eventStreamException('brandNewException', { a: 1 })])]));
    expect(unknown).toBeInstanceOf(EventStreamErrorMessage);
    expect(unknown).toMatchObject({ name: 'brandNewException', message: '{"a":1}' });
    const error: EventStreamMessage = {
      messageType: 'error',
      type: 'InternalFailure',
      payload: {},
      headers: { ':error-message': { type: 'string', value: 'Something broke.' } },
    };
    expect(thrown(() => read([encodeEventStream([error])]))).toMatchObject({
      name: 'InternalFailure',
      message: 'Something broke.',
    });
  });

  it('refuses every single corrupted byte with a typed error, never a chunk from a bad frame', () => {
    const frame = encodeEventStream([eventStreamEvent('messageStart', { role: 'assistant' })]);
    for (let at = 0; at < frame.length; at++) {
      for (const flip of [0x01, 0x80, 0xff]) {
        const corrupted = Uint8Array.from(frame);
        corrupted[at] = (corrupted[at] as number) ^ flip;
        const error = thrown(() => read([corrupted]));
        // A bad length waits for bytes that never come (the end is a cut), or is out of bounds.
        expect(InvalidResponseError.isInstance(error) || /ended \d+ bytes into a message/.test(String(error))).toBe(
          true,
        );
      }
    }
  });

  it('is total on seeded random damage: whole frames, a typed error, or a cut, never another throw', () => {
    // A small seeded generator (FUZZ_RUNS raises the cases, FUZZ_SEED changes them).
    let state = Number(process.env.FUZZ_SEED ?? 22) >>> 0 || 1;
    const random = (below: number) => {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      return state % below;
    };
    const runs = Number(process.env.FUZZ_RUNS ?? 300);
    for (let run = 0; run < runs; run++) {
      const damaged = Uint8Array.from(bytes);
      // Overwrite a few bytes, or cut the body, or add garbage after it.
      const kind = random(3);
      let body: Uint8Array = damaged;
      if (kind === 0) for (let edit = 1 + random(4); edit > 0; edit--) damaged[random(damaged.length)] = random(256);
      else if (kind === 1) body = damaged.subarray(0, random(damaged.length));
      else body = Uint8Array.from([...damaged, ...Array.from({ length: 1 + random(40) }, () => random(256))]);
      const cuts = Array.from({ length: random(5) }, () => random(body.length + 1)).sort((a, b) => a - b);
      let out: Chunk[] = [];
      const error = (() => {
        try {
          out = read(split(body, ...cuts));
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      if (error === undefined) expect(chunks.slice(0, out.length)).toEqual(out);
      else
        expect(
          InvalidResponseError.isInstance(error) ||
            error instanceof EventStreamErrorMessage ||
            /ended \d+ bytes into a message/.test(String(error)),
          String(error),
        ).toBe(true);
    }
  });

  it('says a body that ends inside a frame was cut, and keeps the frames before it', () => {
    const reader = new EventStreamReader(EXCEPTIONS);
    const out = output();
    reader.push(bytes.subarray(0, bytes.length - 5), out);
    expect(chunksOf(out)).toEqual(chunks.slice(0, -1));
    expect(() => reader.end()).toThrow(/ended \d+ bytes into a message \(connection cut\?\)/);
  });

  it('refuses a frame length out of bounds at once, before buffering it', () => {
    const huge = Uint8Array.from(bytes);
    new DataView(huge.buffer).setUint32(0, 0xfffffff0);
    expect(thrown(() => new EventStreamReader(EXCEPTIONS).push(huge.subarray(0, 12), output()))).toSatisfy(
      InvalidResponseError.isInstance,
    );
    const tiny = Uint8Array.from(bytes);
    new DataView(tiny.buffer).setUint32(0, 8);
    expect(String(thrown(() => read([tiny])))).toMatch(
      /Expected an event-stream message of 16 to \d+ bytes, got a length of 8/,
    );
  });

  it('refuses a payload that is not JSON, naming the event', () => {
    const broken = encodeEventStream([
      {
        ...eventStreamEvent('contentBlockDelta', undefined),
        payload: new TextEncoder().encode('{"contentBlockIndex":'),
      },
    ]);
    const error = thrown(() => read([broken]));
    expect(InvalidResponseError.isInstance(error)).toBe(true);
    expect(String(error)).toMatch(/a JSON payload in the contentBlockDelta message/);
  });
});
