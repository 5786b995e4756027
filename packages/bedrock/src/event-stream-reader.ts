import { crc32 } from 'node:zlib';
import { InvalidResponseError } from '@interlingua/core';

// A frame: total length (4), headers length (4), prelude CRC (4), headers, payload, message CRC (4).
const PRELUDE = 12;
const OVERHEAD = 16;
// The event-stream limits (16 MiB payload, 128 KiB headers), with the framing.
const MAX_HEADERS = 128 * 1024;
const MAX_FRAME = 16 * 1024 * 1024 + MAX_HEADERS + OVERHEAD;
// The byte length of each header value type's value (0/1 are booleans with none; 6/7 have a 2-byte length).
const FIXED_VALUE_LENGTHS: Record<number, number> = { 0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 8: 8, 9: 16 };

/**
 * What the reader makes of the frames: for each message, its type — the event type, or the
 * member of a modeled exception — in `types` and its JSON payload in `payloads`, at the same
 * index. `{ [type]: payload }` is the chunk an AWS SDK would yield for it.
 */
export type EventStreamOutput = { types: string[]; payloads: unknown[] };

/**
 * An `error` message (`:message-type: error`, with `:error-code` and `:error-message`), or an
 * exception no union member names: what the AWS SDK throws for it (an `Error` named by the code).
 */
export class EventStreamErrorMessage extends Error {}

/**
 * Reads an AWS event stream (`application/vnd.amazon.eventstream`, what `ConverseStream`
 * answers) from its raw bytes, in the pieces the connection hands out: `push` each piece, and
 * `end` when the body ends. Each whole frame is checked as the AWS SDK checks it — its length
 * against the limits, the CRC32 of its prelude and of the whole message — and its type and JSON
 * payload go to the output ({@link EventStreamOutput}). A frame that fails a check
 * throws an `InvalidResponseError`; a body that ends inside a frame, an `Error` (a cut
 * connection); an `error` message or an unknown exception, {@link EventStreamErrorMessage}.
 *
 * @see https://docs.aws.amazon.com/AmazonS3/latest/API/RESTSelectObjectAppendix.html
 */
export class EventStreamReader {
  private readonly exceptions: ReadonlySet<string>;
  // Bytes of a frame not complete yet, in the pieces they came in.
  private pending: Buffer[] = [];
  private pendingLength = 0;

  /** `exceptions`: the exception members of the stream's union (others are thrown, as the SDK does). */
  constructor(exceptions: ReadonlySet<string>) {
    this.exceptions = exceptions;
  }

  /** Reads the frames `bytes` completes into `out`. */
  push(bytes: Uint8Array, out: EventStreamOutput): void {
    let data = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (this.pendingLength > 0) {
      this.pending.push(data);
      this.pendingLength += data.length;
      // Join the pieces only once the frame they start is whole (no copy per piece of a big frame).
      const first = this.pending[0] as Buffer;
      const head = first.length >= 4 ? first : Buffer.concat(this.pending, this.pendingLength);
      if (head.length < 4 || this.pendingLength < Math.max(PRELUDE, frameLength(head, 0))) {
        if (head !== first) this.pending = [head];
        return;
      }
      data = Buffer.concat(this.pending, this.pendingLength);
      this.pending = [];
      this.pendingLength = 0;
    }
    let offset = 0;
    while (data.length - offset >= PRELUDE) {
      const total = frameLength(data, offset);
      if (data.length - offset < total) break;
      this.frame(data, offset, total, out);
      offset += total;
    }
    if (offset < data.length) {
      // A copy: the piece the rest came in is not kept alive.
      this.pending = [Buffer.from(data.subarray(offset))];
      this.pendingLength = data.length - offset;
    }
  }

  /** The body ended: throws (an `Error`, as the SDK's reader does: the connection was cut) when it ended inside a frame. */
  end(): void {
    if (this.pendingLength > 0)
      throw new Error(`The event stream ended ${this.pendingLength} bytes into a message (connection cut?).`);
  }

  private frame(data: Buffer, offset: number, total: number, out: EventStreamOutput): void {
    const headersLength = uint32(data, offset + 4);
    if (headersLength > MAX_HEADERS || headersLength > total - OVERHEAD)
      throw invalid(
        `event-stream headers of at most ${Math.min(MAX_HEADERS, total - OVERHEAD)} bytes, got ${headersLength}`,
      );
    // The message CRC covers the prelude too: it goes on from the prelude's.
    const preludeCrc = crc32(view(data, offset, 8));
    if (preludeCrc !== uint32(data, offset + 8))
      throw invalid('an event-stream message whose prelude matches its CRC32, got a mismatch');
    if (crc32(view(data, offset + 8, total - 12), preludeCrc) !== uint32(data, offset + total - 4))
      throw invalid('an event-stream message that matches its CRC32, got a mismatch');
    const headers = readHeaders(data, offset + PRELUDE, offset + PRELUDE + headersLength);
    const payloadStart = offset + PRELUDE + headersLength;
    const payloadEnd = offset + total - 4;
    const messageType = headers[MESSAGE_TYPE];
    if (messageType === 'error') {
      const code = headers[ERROR_CODE] ?? 'UnknownError';
      throw Object.assign(new EventStreamErrorMessage(headers[ERROR_MESSAGE] ?? code), { name: code });
    }
    const type =
      messageType === 'event' ? headers[EVENT_TYPE] : messageType === 'exception' ? headers[EXCEPTION_TYPE] : undefined;
    if (type === undefined)
      throw invalid(
        `an event or exception message with its type header, got :message-type ${JSON.stringify(messageType)}`,
      );
    const text = data.toString('utf8', payloadStart, payloadEnd);
    if (messageType === 'exception' && !this.exceptions.has(type))
      throw Object.assign(new EventStreamErrorMessage(text), { name: type });
    let value: unknown;
    try {
      value = text === '' ? {} : JSON.parse(text);
    } catch (error) {
      throw invalid(
        `a JSON payload in the ${type} message, got ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    out.types.push(type);
    out.payloads.push(value);
  }
}

function uint32(data: Uint8Array, offset: number): number {
  return (
    (((data[offset] as number) << 24) |
      ((data[offset + 1] as number) << 16) |
      ((data[offset + 2] as number) << 8) |
      (data[offset + 3] as number)) >>>
    0
  );
}

// A plain view (a Buffer's own `subarray` makes another Buffer, which costs more).
function view(data: Uint8Array, offset: number, length: number): Uint8Array {
  return new Uint8Array(data.buffer, data.byteOffset + offset, length);
}

function frameLength(data: Uint8Array, offset: number): number {
  const total = uint32(data, offset);
  if (total < OVERHEAD || total > MAX_FRAME)
    throw invalid(`an event-stream message of ${OVERHEAD} to ${MAX_FRAME} bytes, got a length of ${total}`);
  return total;
}

// The string headers the reader needs, by index; the names as bytes, to compare without decoding.
const MESSAGE_TYPE = 0;
const EVENT_TYPE = 1;
const EXCEPTION_TYPE = 2;
const ERROR_CODE = 3;
const ERROR_MESSAGE = 4;
const WANTED = [':message-type', ':event-type', ':exception-type', ':error-code', ':error-message'].map((name) =>
  Buffer.from(name, 'latin1'),
);

// The wanted string headers (by index: `headers[EVENT_TYPE]`); other headers and types are skipped.
function readHeaders(data: Buffer, start: number, end: number): (string | undefined)[] {
  const headers: (string | undefined)[] = [];
  let at = start;
  while (at < end) {
    const nameLength = data[at] as number;
    const nameStart = at + 1;
    const nameEnd = nameStart + nameLength;
    if (nameLength === 0 || nameEnd >= end) throw invalid('an event-stream header with a name and a type');
    const type = data[nameEnd] as number;
    at = nameEnd + 1;
    let valueLength = FIXED_VALUE_LENGTHS[type];
    if (type === 6 || type === 7) {
      if (at + 2 > end) throw invalid(`the length of event-stream header ${headerName(data, nameStart, nameEnd)}`);
      valueLength = ((data[at] as number) << 8) | (data[at + 1] as number);
      at += 2;
    }
    if (valueLength === undefined)
      throw invalid(`a known type for event-stream header ${headerName(data, nameStart, nameEnd)}, got ${type}`);
    if (at + valueLength > end)
      throw invalid(`the value of event-stream header ${headerName(data, nameStart, nameEnd)} within the headers`);
    if (type === 7) {
      const wanted = wantedHeader(data, nameStart, nameLength);
      if (wanted >= 0) headers[wanted] = data.toString('utf8', at, at + valueLength);
    }
    at += valueLength;
  }
  return headers;
}

function wantedHeader(data: Uint8Array, start: number, length: number): number {
  search: for (let index = 0; index < WANTED.length; index++) {
    const name = WANTED[index] as Buffer;
    if (name.length !== length) continue;
    for (let byte = 0; byte < length; byte++) if (name[byte] !== data[start + byte]) continue search;
    return index;
  }
  return -1;
}

function headerName(data: Buffer, start: number, end: number): string {
  return JSON.stringify(data.toString('utf8', start, end));
}

function invalid(expected: string): InvalidResponseError {
  return new InvalidResponseError({ message: `Expected ${expected}.` });
}
