import { unwatchFile, watchFile } from 'node:fs';
import { readTraceFile, type TraceRead } from './read-trace-file';

/**
 * Yields what is added to a trace file, from `offset`, each time it grows (polled every
 * `interval` ms, which works on every file system), until `signal` aborts.
 */
export async function* followTraceFile(
  path: string,
  options: { offset: number; firstLine: number; signal: AbortSignal; interval?: number },
): AsyncGenerator<TraceRead, void, undefined> {
  const { signal } = options;
  let offset = options.offset;
  let firstLine = options.firstLine;
  let wake: (() => void) | undefined;
  let changed = true;
  const onChange = () => {
    changed = true;
    wake?.();
  };
  watchFile(path, { interval: options.interval ?? 100, persistent: false }, onChange);
  signal.addEventListener('abort', onChange, { once: true });
  try {
    while (!signal.aborted) {
      if (!changed) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      changed = false;
      const read = await readTraceFile(path, offset, firstLine).catch(() => undefined);
      if (read === undefined || read.next === offset) continue;
      offset = read.next;
      firstLine = read.nextLine;
      yield read;
    }
  } finally {
    unwatchFile(path, onChange);
    signal.removeEventListener('abort', onChange);
  }
}
