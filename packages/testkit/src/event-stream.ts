import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

/**
 * One message of an AWS event stream (`application/vnd.amazon.eventstream`): its `:message-type`,
 * the event or exception type it names, and a JSON payload.
 */
export type EventStreamMessage = {
  /**
   * `event` for data, `exception` for a modeled error (`ThrottlingException`, …), `error` for a
   * service error outside the model (its message in an `:error-message` header of `headers`).
   */
  messageType: 'event' | 'exception' | 'error';
  /** The `:event-type` (an event), `:exception-type` (an exception) or `:error-code` (an error), e.g. `contentBlockDelta`. */
  type: string;
  /** The JSON payload; a `Uint8Array` is framed as it is (e.g. a payload that is not JSON). */
  payload: unknown;
  /** More headers, of any event-stream header type, framed after the standard ones. */
  headers?: MessageHeaders;
};

/** An event message: `:message-type: event`, `:event-type: <type>`, a JSON payload. */
export function eventStreamEvent(type: string, payload: unknown): EventStreamMessage {
  return { messageType: 'event', type, payload };
}

/**
 * An exception message: `:message-type: exception`, `:exception-type: <type>` (the member name,
 * e.g. `modelStreamErrorException`), a JSON payload such as `{ message }`.
 */
export function eventStreamException(type: string, payload: unknown): EventStreamMessage {
  return { messageType: 'exception', type, payload };
}

/**
 * Wraps the chunks an AWS SDK yields for an event stream (`{ messageStart: { … } }`, one member
 * each) as event-stream messages: the member name is the event type, its value the payload.
 * Members ending in `Exception` become exception messages.
 */
export function eventStreamMessagesOf(chunks: readonly unknown[]): EventStreamMessage[] {
  return chunks.map((chunk) => {
    const entries = typeof chunk === 'object' && chunk !== null ? Object.entries(chunk) : [];
    const [type, payload] = entries[0] ?? ['unknown', {}];
    if (entries.length !== 1)
      throw new Error(`Expected one member per event-stream chunk, got ${JSON.stringify(chunk)}.`);
    return type.endsWith('Exception') ? eventStreamException(type, payload) : eventStreamEvent(type, payload);
  });
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/**
 * Frames messages in the binary event-stream encoding (prelude, headers, payload, CRC32s) with
 * `@smithy/eventstream-codec` — the codec the AWS SDKs decode with. Each message carries
 * `:message-type`, `:event-type` or `:exception-type`, and `:content-type: application/json`.
 */
export function encodeEventStream(messages: readonly EventStreamMessage[]): Uint8Array {
  const frames = messages.map((message) => {
    const typeHeader = { event: ':event-type', exception: ':exception-type', error: ':error-code' }[
      message.messageType
    ];
    const headers: MessageHeaders = {
      ':message-type': { type: 'string', value: message.messageType },
      [typeHeader]: { type: 'string', value: message.type },
      ':content-type': { type: 'string', value: 'application/json' },
      ...message.headers,
    };
    const body = message.payload instanceof Uint8Array ? message.payload : fromUtf8(JSON.stringify(message.payload));
    return codec.encode({ headers, body });
  });
  const out = new Uint8Array(frames.reduce((total, frame) => total + frame.length, 0));
  let offset = 0;
  for (const frame of frames) {
    out.set(frame, offset);
    offset += frame.length;
  }
  return out;
}

/** Decodes a binary event stream back into its messages (for tests of a server that writes one). */
export function decodeEventStream(bytes: Uint8Array): EventStreamMessage[] {
  const messages: EventStreamMessage[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const view = new DataView(bytes.buffer, bytes.byteOffset + offset);
    const length = view.getUint32(0);
    const { headers, body } = codec.decode(bytes.subarray(offset, offset + length));
    offset += length;
    const messageType = headers[':message-type']?.value === 'exception' ? 'exception' : 'event';
    const type = headers[messageType === 'event' ? ':event-type' : ':exception-type']?.value;
    messages.push({ messageType, type: String(type), payload: JSON.parse(toUtf8(body)) });
  }
  return messages;
}
