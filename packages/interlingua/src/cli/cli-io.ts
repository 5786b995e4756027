/** A writable text stream, as much of one as the CLI uses. */
export type TextSink = { write(text: string): unknown; isTTY?: boolean };

/** Where the CLI reads and writes: the process's streams, or test doubles. */
export type CliIO = {
  stdout: TextSink;
  stderr: TextSink;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
};

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

/** A spinner on a TTY; on anything else (pipes, CI, tests) it writes nothing. */
export type Spinner = { start(label: string): void; stop(): void };

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A spinner writing to `sink` (stderr), only when it is a TTY. */
export function createSpinner(sink: TextSink): Spinner {
  let timer: NodeJS.Timeout | undefined;
  return {
    start(label) {
      if (sink.isTTY !== true || timer !== undefined) return;
      let frame = 0;
      const draw = () => sink.write(`\r${FRAMES[frame++ % FRAMES.length]} ${label}`);
      draw();
      timer = setInterval(draw, 80);
      timer.unref();
    },
    stop() {
      if (timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
      sink.write('\r\u001b[K');
    },
  };
}

/** Writes the streamed answer and knows whether it stopped mid-line, so other output can start on a fresh line. */
export type AnswerWriter = { write(text: string): void; endLine(): void };

/** An {@link AnswerWriter} on `sink` (stdout). */
export function createAnswerWriter(sink: TextSink): AnswerWriter {
  let midLine = false;
  return {
    write(text) {
      if (text === '') return;
      sink.write(text);
      midLine = !text.endsWith('\n');
    },
    endLine() {
      if (midLine) sink.write('\n');
      midLine = false;
    },
  };
}
