import { open } from 'node:fs/promises';
import { type ParsedTraceChunk, parseTraceLines } from './parse-trace-lines';

/** Complete lines read from `offset`: parsed, with the offset after the last complete line. */
export type TraceRead = ParsedTraceChunk & {
  next: number;
  nextLine: number;
  /** The file had shrunk (it was written anew): these lines replace what was read before. */
  restarted: boolean;
};

const NEWLINE = 0x0a;

/**
 * Reads the complete lines of a trace file from byte `offset` (line number `firstLine`). A last
 * line without its newline is left for the next read: it may still be being written.
 */
export async function readTraceFile(path: string, offset = 0, firstLine = 1): Promise<TraceRead> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    // A file that shrank was rewritten: read it again from the start.
    const from = size < offset ? 0 : offset;
    const startLine = size < offset ? 1 : firstLine;
    const buffer = Buffer.alloc(size - from);
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, from + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const end = buffer.subarray(0, read).lastIndexOf(NEWLINE) + 1;
    const text = buffer.subarray(0, end).toString('utf8');
    const parsed = parseTraceLines(text, startLine);
    const count = text === '' ? 0 : text.split('\n').length - 1;
    return { ...parsed, next: from + end, nextLine: startLine + count, restarted: from !== offset };
  } finally {
    await handle.close();
  }
}
