/** A writable text stream, as much of one as the CLI uses. */
export type TextSink = { write(text: string): unknown; isTTY?: boolean };

/** Where the CLI reads and writes: the process's streams, or test doubles. */
export type CliIO = {
  stdout: TextSink;
  stderr: TextSink;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** Calls `handler` on Ctrl-C (SIGINT) until the returned function is called. */
  onInterrupt?: (handler: () => void) => () => void;
};
