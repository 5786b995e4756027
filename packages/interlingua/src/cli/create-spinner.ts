import type { TextSink } from './cli-io';

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
