import type { TextSink } from './cli-io';

/** A spinner on a TTY; on anything else (pipes, CI, tests) it writes nothing. */
export type Spinner = {
  start(label: string): void;
  /** Changes the label of a running spinner (MCP progress), redrawn at once. */
  update(label: string): void;
  stop(): void;
};

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A spinner writing to `sink` (stderr), only when it is a TTY. */
export function createSpinner(sink: TextSink): Spinner {
  let timer: NodeJS.Timeout | undefined;
  let frame = 0;
  let current = '';
  const draw = () => sink.write(`\r${FRAMES[frame++ % FRAMES.length]} ${current}\u001b[K`);
  return {
    start(label) {
      if (sink.isTTY !== true || timer !== undefined) return;
      frame = 0;
      current = label;
      draw();
      timer = setInterval(draw, 80);
      timer.unref();
    },
    update(label) {
      if (timer === undefined || label === current) return;
      current = label;
      draw();
    },
    stop() {
      if (timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
      sink.write('\r\u001b[K');
    },
  };
}
