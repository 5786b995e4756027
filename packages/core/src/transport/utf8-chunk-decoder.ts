type Utf8Buffer = Uint8Array & { toString(encoding: 'utf8', start: number, end: number): string };
type BufferConstructor = {
  isBuffer(value: unknown): boolean;
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): Utf8Buffer;
};

// Node's (and Bun's and Deno's) `Buffer`, where there is one: its UTF-8 slice decodes a whole
// chunk in one call, where `TextDecoder.decode(chunk, { stream: true })` (ICU on Node 20) costs
// several times as much per chunk.
const NodeBuffer = (globalThis as { Buffer?: BufferConstructor }).Buffer;

/**
 * How many bytes of `bytes` end on a character boundary: all of them, unless they end inside a
 * UTF-8 character that the next bytes may complete (a lead byte followed by fewer continuation
 * bytes than it needs, and, as the WHATWG decoder checks, a second byte in the lead's range).
 * A truncated sequence that can no longer be completed is left in: it decodes to U+FFFD either way.
 */
export function completeUtf8Length(bytes: Uint8Array): number {
  const length = bytes.length;
  // ASCII last (nearly every SSE chunk ends with LF): nothing to carry.
  if (length === 0 || (bytes[length - 1] as number) < 0x80) return length;
  let lead = length - 1;
  while (lead > length - 4 && lead > 0 && ((bytes[lead] as number) & 0xc0) === 0x80) lead--;
  const first = bytes[lead] as number;
  const needed =
    first >= 0xc2 && first <= 0xdf ? 2 : first >= 0xe0 && first <= 0xef ? 3 : first >= 0xf0 && first <= 0xf4 ? 4 : 0;
  const present = length - lead;
  if (needed === 0 || present >= needed) return length;
  if (present >= 2) {
    const second = bytes[lead + 1] as number;
    const low = first === 0xe0 ? 0xa0 : first === 0xf0 ? 0x90 : 0x80;
    const high = first === 0xed ? 0x9f : first === 0xf4 ? 0x8f : 0xbf;
    if (second < low || second > high) return length;
  }
  return lead;
}

/**
 * A streaming UTF-8 decoder that gives the same text as `new TextDecoder()` fed with
 * `decode(chunk, { stream: true })` and a final `decode()`: a character split across chunks is
 * kept whole, invalid bytes become U+FFFD (one per maximal invalid subpart, as the Encoding
 * standard says), and a byte order mark at the start of the stream is dropped.
 *
 * Where `Buffer` exists it decodes with `Buffer`'s UTF-8 slice up to the last complete character
 * and carries the 1–3 bytes of an unfinished one into the next chunk; elsewhere it is a
 * `TextDecoder`.
 */
export class Utf8ChunkDecoder {
  private readonly fallback = NodeBuffer === undefined ? new TextDecoder() : undefined;
  /** The bytes of a character that the next chunk may complete. */
  private carried: Uint8Array | undefined;
  /** No character decoded yet: a leading U+FEFF is a byte order mark. */
  private atStart = true;

  /** Decodes the next chunk of the stream. */
  decode(chunk: Uint8Array): string {
    if (this.fallback !== undefined) return this.fallback.decode(chunk, { stream: true });
    let bytes = chunk;
    const carried = this.carried;
    if (carried !== undefined) {
      bytes = new Uint8Array(carried.length + chunk.length);
      bytes.set(carried);
      bytes.set(chunk, carried.length);
      this.carried = undefined;
    }
    const complete = completeUtf8Length(bytes);
    // A copy: the source may reuse its buffer.
    if (complete < bytes.length) this.carried = bytes.slice(complete);
    return this.text(bytes, complete);
  }

  /** Ends the stream: an unfinished character left becomes U+FFFD. */
  end(): string {
    if (this.fallback !== undefined) return this.fallback.decode();
    const carried = this.carried;
    if (carried === undefined) return '';
    this.carried = undefined;
    return this.text(carried, carried.length);
  }

  private text(bytes: Uint8Array, end: number): string {
    if (end === 0) return '';
    const buffer = (NodeBuffer as BufferConstructor).isBuffer(bytes)
      ? (bytes as Utf8Buffer)
      : (NodeBuffer as BufferConstructor).from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const text = buffer.toString('utf8', 0, end);
    if (!this.atStart) return text;
    this.atStart = false;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}
