/** A line longer than the limit: its size, and its first and last bytes (where a JSON-RPC `id` sits). */
export type OversizedLine = { bytes: number; head: string; tail: string };

const EDGE_BYTES = 512;

/**
 * Splits a byte stream into newline-terminated lines of at most `maxLineBytes` bytes each.
 * A longer line is not buffered: its bytes are counted and dropped up to its newline, keeping
 * only its first and last {@link EDGE_BYTES} for `onOversized`, so one huge message costs no more
 * memory than the limit and the lines after it are read as usual.
 */
export class JsonLineReader {
  private pieces: Buffer[] = [];
  private size = 0;
  private skipping: { bytes: number; head: Buffer; tail: Buffer } | undefined;

  constructor(
    private readonly maxLineBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversized: (line: OversizedLine) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      this.take(chunk.subarray(start, end));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  }

  clear(): void {
    this.pieces = [];
    this.size = 0;
    this.skipping = undefined;
  }

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.skipping === undefined && this.size + piece.length <= this.maxLineBytes) {
      this.pieces.push(piece);
      this.size += piece.length;
      return;
    }
    if (this.skipping === undefined) {
      const kept = Buffer.concat(this.pieces);
      this.skipping = { bytes: kept.length, head: kept.subarray(0, EDGE_BYTES), tail: Buffer.alloc(0) };
      this.pieces = [];
      this.size = 0;
      this.skipping.tail = kept.subarray(-EDGE_BYTES);
    }
    const skipping = this.skipping;
    if (skipping.head.length < EDGE_BYTES) {
      skipping.head = Buffer.concat([skipping.head, piece.subarray(0, EDGE_BYTES - skipping.head.length)]);
    }
    skipping.tail = Buffer.concat([skipping.tail, piece]).subarray(-EDGE_BYTES);
    skipping.bytes += piece.length;
  }

  private endLine(): void {
    const skipping = this.skipping;
    if (skipping !== undefined) {
      this.skipping = undefined;
      this.onOversized({
        bytes: skipping.bytes,
        head: skipping.head.toString('utf8'),
        tail: skipping.tail.toString('utf8'),
      });
      return;
    }
    // One piece (a whole line in one chunk, the common case) is read in place, not copied.
    const pieces = this.pieces;
    const bytes = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
    this.pieces = [];
    this.size = 0;
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    const line = bytes.toString('utf8', 0, end);
    if (line.trim() !== '') this.onLine(line);
  }
}

// `"id":7` or `"id":"abc"` at the top level of a compact JSON-RPC response: first after `{`
// (`{"jsonrpc":"2.0","id":…`, Python SDK) or last before the closing `}` (`…,"jsonrpc":"2.0","id":7}`, TypeScript SDK).
const headId = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/;
const tailId = /[,{]\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$/;

/** The JSON-RPC `id` an oversized response most likely carries, read from its edges. */
export function findResponseId(line: OversizedLine): string | number | undefined {
  const match = headId.exec(line.head) ?? tailId.exec(line.tail);
  if (match?.[1] === undefined) return undefined;
  try {
    return JSON.parse(match[1]) as string | number;
  } catch {
    return undefined;
  }
}
