import { createInterface, type Interface } from 'node:readline';
import type { CliIO } from './cli-io';

/** Asks the user one line at a time, on the chat's own readline when there is one. */
export type TerminalPrompter = {
  /** True when there is a terminal to ask (stdin is a TTY). */
  readonly interactive: boolean;
  /** Prints `question` to stderr and resolves with the line typed, or `undefined` at end of input. */
  ask(question: string): Promise<string | undefined>;
  /** From now on, asks through this readline (the REPL's), so the answer is not taken as a chat turn. */
  attach(readline: Interface): void;
};

/**
 * A prompter for the host hooks (sampling approval, elicitation forms). In the REPL it asks
 * through the REPL's readline (`question` takes the next line before the REPL sees it); in a
 * one-shot chat it opens a readline of its own for the question. `pause` runs first (the spinner stops).
 */
export function createTerminalPrompter(io: CliIO, pause: () => void = () => {}): TerminalPrompter {
  let attached: Interface | undefined;
  return {
    get interactive() {
      return io.stdin.isTTY === true;
    },
    attach(readline) {
      attached = readline;
      readline.once('close', () => {
        if (attached === readline) attached = undefined;
      });
    },
    ask(question) {
      // The spinner would write over the question.
      pause();
      if (attached !== undefined) {
        const readline = attached;
        // A readline without an output (the REPL on something other than a terminal) shows no question itself.
        if (readline.terminal !== true) io.stderr.write(question);
        return new Promise((resolve) => {
          const onClose = () => resolve(undefined);
          readline.once('close', onClose);
          readline.question(question, (answer) => {
            readline.off('close', onClose);
            resolve(answer);
          });
        });
      }
      const readline = createInterface({ input: io.stdin, terminal: false });
      io.stderr.write(question);
      return new Promise((resolve) => {
        readline.once('line', (line) => {
          // Resolved before closing: closing emits `close`, which means "no answer".
          resolve(line);
          readline.close();
        });
        readline.once('close', () => resolve(undefined));
      });
    },
  };
}
