import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { afterEach, describe, expect, it } from 'vitest';
import {
  decodeEventStream,
  encodeEventStream,
  eventStreamEvent,
  eventStreamException,
  eventStreamMessagesOf,
} from './event-stream';
import { eventStream, type ProviderServer, startProviderServer } from './provider-server';

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('AWS event-stream framing', () => {
  it('frames each message with its type headers and a CRC-checked JSON payload', () => {
    const bytes = encodeEventStream([
      eventStreamEvent('contentBlockDelta', { contentBlockIndex: 0, delta: { text: '北京' } }),
      eventStreamException('throttlingException', { message: 'slow down' }),
    ]);
    // The first frame, read back by the SDK's own codec (which checks both CRC32s).
    const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
    const first = new EventStreamCodec(toUtf8, fromUtf8).decode(bytes.subarray(0, length));
    expect(first.headers).toEqual({
      ':message-type': { type: 'string', value: 'event' },
      ':event-type': { type: 'string', value: 'contentBlockDelta' },
      ':content-type': { type: 'string', value: 'application/json' },
    });
    expect(JSON.parse(toUtf8(first.body))).toEqual({ contentBlockIndex: 0, delta: { text: '北京' } });
    expect(decodeEventStream(bytes)).toEqual([
      { messageType: 'event', type: 'contentBlockDelta', payload: { contentBlockIndex: 0, delta: { text: '北京' } } },
      { messageType: 'exception', type: 'throttlingException', payload: { message: 'slow down' } },
    ]);
  });

  it('turns SDK-shaped chunks into messages, `…Exception` members into exceptions', () => {
    expect(
      eventStreamMessagesOf([{ messageStart: { role: 'assistant' } }, { modelStreamErrorException: { message: 'x' } }]),
    ).toEqual([
      { messageType: 'event', type: 'messageStart', payload: { role: 'assistant' } },
      { messageType: 'exception', type: 'modelStreamErrorException', payload: { message: 'x' } },
    ]);
    expect(() => eventStreamMessagesOf([{ a: 1, b: 2 }])).toThrow(/one member/);
  });

  it('is served as application/vnd.amazon.eventstream, whole or cut inside a frame', async () => {
    const messages = [
      eventStreamEvent('messageStart', { role: 'assistant' }),
      eventStreamEvent('messageStop', { stopReason: 'end_turn' }),
    ];
    server = await startProviderServer({
      routes: [
        { path: '/whole', reply: eventStream(messages, { splitEvery: 5 }) },
        { path: '/cut', reply: eventStream(messages, { truncateAfter: 1 }) },
      ],
    });
    const whole = await fetch(`${server.url}/whole`, { method: 'POST' });
    expect(whole.headers.get('content-type')).toBe('application/vnd.amazon.eventstream');
    expect(decodeEventStream(new Uint8Array(await whole.arrayBuffer()))).toEqual(messages);
    const cut = new Uint8Array(await (await fetch(`${server.url}/cut`, { method: 'POST' })).arrayBuffer());
    const firstLength = encodeEventStream(messages.slice(0, 1)).length;
    expect(cut.length).toBeGreaterThan(firstLength);
    expect(cut.length).toBeLessThan(encodeEventStream(messages).length);
    expect(decodeEventStream(cut.subarray(0, firstLength))).toEqual(messages.slice(0, 1));
  });
});
