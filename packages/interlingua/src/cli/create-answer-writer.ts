import type { TextSink } from './cli-io';

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
