import type { JSONObject } from '@interlingua/core';
import { type GeminiPartialArg, parseJsonPath } from './assemble-gemini-partial-args';

/**
 * The argument text of one call whose arguments Vertex AI streams in pieces, written as it grows:
 * after each piece, the JSON of the arguments so far without what is still open (the containers
 * on the piece's path, and the string when another piece continues it) is a prefix of the final
 * JSON, and `next` gives what it adds. Pieces arrive in document order, so each prefix extends the
 * one before; a piece that goes back (a value replaced, a member added to an object already left)
 * would rewrite text already sent, so from then on nothing more is streamed and the call's
 * `tool-call-end` alone carries the arguments.
 */
export class StreamedGeminiArgumentsText {
  private sent = '';
  private stopped = false;

  /** The text the arguments so far add, after `pieces` were put into `args`; `''` when none. */
  next(args: JSONObject, pieces: readonly GeminiPartialArg[]): string {
    const last = pieces.at(-1);
    if (this.stopped || last === undefined) return '';
    const segments = parseJsonPath(last.jsonPath);
    if (typeof segments === 'string') return this.stop();
    const text = JSON.stringify(args);
    // Still open: the string another piece continues, then the closer of each container on the path.
    let open = last.willContinue === true && last.stringValue !== undefined ? '"' : '';
    for (let index = segments.length - 1; index >= 0; index--) open += typeof segments[index] === 'number' ? ']' : '}';
    if (!text.endsWith(open)) return this.stop();
    return this.extend(text.slice(0, text.length - open.length));
  }

  /** The rest of the text once the call is whole; `''` when streaming stopped or nothing is left. */
  end(args: JSONObject): string {
    return this.stopped ? '' : this.extend(JSON.stringify(args));
  }

  private extend(prefix: string): string {
    if (!prefix.startsWith(this.sent)) return this.stop();
    const delta = prefix.slice(this.sent.length);
    this.sent = prefix;
    return delta;
  }

  private stop(): string {
    this.stopped = true;
    return '';
  }
}
