import { closeSync, openSync, writeSync } from 'node:fs';
import { TRACE_FORMAT_VERSION, type TraceLine } from './trace-line-schema';

/** A trace line before the writer numbers and timestamps it. */
export type TraceLineBody = TraceLine extends infer Line
  ? Line extends TraceLine
    ? Omit<Line, 'v' | 'seq' | 'time' | 'ms'>
    : never
  : never;

/** Writes numbered, timestamped, redacted JSON lines to a file or a function. */
export type TraceLineWriter = {
  write(line: TraceLineBody): void;
  /** Milliseconds since the writer started. */
  now(): number;
  close(): void;
};

/**
 * A line writer: every string in a line passes through `redact` (by value, after `traceFetch`
 * has redacted credential headers and URL keys), then the line is written whole, synchronously,
 * so a file being followed only ever grows by complete lines.
 */
export function createTraceLineWriter(
  target: { file: string } | { write: (line: string) => void },
  redact: (text: string) => string,
): TraceLineWriter {
  const fd = 'file' in target ? openSync(target.file, 'w') : undefined;
  const sink = 'write' in target ? target.write : (text: string) => writeSync(fd as number, `${text}\n`);
  const start = performance.now();
  let seq = 0;
  let closed = false;
  const now = () => Math.round((performance.now() - start) * 10) / 10;
  return {
    now,
    write(line) {
      if (closed) return;
      const stamped = { v: TRACE_FORMAT_VERSION, seq: seq++, time: new Date().toISOString(), ms: now(), ...line };
      sink(serialize(stamped, redact));
    },
    close() {
      if (closed) return;
      closed = true;
      if (fd !== undefined) closeSync(fd);
    },
  };
}

function serialize(line: object, redact: (text: string) => string): string {
  // The objects from the root to the value being written: a value among them is a cycle (a
  // value seen twice elsewhere, such as one usage object under two keys, is written twice).
  const ancestors: object[] = [];
  return JSON.stringify(line, function replace(this: object, _key: string, value: unknown) {
    if (typeof value === 'string') return redact(value);
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Error) return { name: value.name, message: redact(value.message) };
    if (typeof value === 'object' && value !== null) {
      while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
      if (ancestors.includes(value)) return '[circular]';
      ancestors.push(value);
    }
    return value;
  });
}
