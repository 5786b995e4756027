import type { TextSink } from './cli-io';

/** ANSI styles, or identity functions when colour is off. */
export type Styles = {
  dim(text: string): string;
  bold(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
};

const set = (value: string | undefined) => value !== undefined && value !== '';

/**
 * Whether to colour a stream: on a terminal unless `NO_COLOR` is set and not empty
 * (no-color.org) or `TERM=dumb`; `FORCE_COLOR` set and not empty turns it on anyway, pipes
 * included (force-color.org: it is checked last, so it wins over `NO_COLOR`).
 */
export function colorEnabled(sink: TextSink, env: Record<string, string | undefined>): boolean {
  if (set(env['FORCE_COLOR'])) return true;
  return sink.isTTY === true && !set(env['NO_COLOR']) && env['TERM'] !== 'dumb';
}

/** The styles for a stream. */
export function stylesFor(sink: TextSink, env: Record<string, string | undefined>): Styles {
  const on = colorEnabled(sink, env);
  const wrap = (open: number, close: number) => (text: string) =>
    on ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return { dim: wrap(2, 22), bold: wrap(1, 22), red: wrap(31, 39), cyan: wrap(36, 39) };
}
