import type { TextSink } from './cli-io';

/** ANSI styles, or identity functions when colour is off (not a TTY, `NO_COLOR`, `TERM=dumb`). */
export type Styles = {
  dim(text: string): string;
  bold(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
};

/** The styles for a stream. */
export function stylesFor(sink: TextSink, env: Record<string, string | undefined>): Styles {
  const on = sink.isTTY === true && env['NO_COLOR'] === undefined && env['TERM'] !== 'dumb';
  const wrap = (open: number, close: number) => (text: string) =>
    on ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return { dim: wrap(2, 22), bold: wrap(1, 22), red: wrap(31, 39), cyan: wrap(36, 39) };
}
