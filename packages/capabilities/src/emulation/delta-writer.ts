import type { StreamEvent } from '@interlingua/core';

/**
 * Collects text and reasoning deltas for an emulation parser, trimming the whitespace that
 * format markers leave around content: leading whitespace of a part is dropped and trailing
 * whitespace is held back until more content of the same kind follows.
 */
export class DeltaWriter {
  events: StreamEvent[] = [];
  private kind: 'text' | 'reasoning' | undefined;
  private started = false;
  private pendingWhitespace = '';
  /** Whether any non-blank text (not reasoning) was written. */
  wroteText = false;

  /** Adds text or reasoning; a change of kind starts a new part. */
  write(kind: 'text' | 'reasoning', chunk: string): void {
    if (kind !== this.kind) {
      // Blank text between sections switches nothing (it would be trimmed anyway).
      if (chunk.trim() === '') return;
      this.kind = kind;
      this.started = false;
      this.pendingWhitespace = '';
    }
    let text = chunk;
    if (!this.started) {
      text = text.replace(/^\s+/, '');
      if (text === '') return;
      this.started = true;
    }
    const trailing = /\s+$/.exec(text);
    const body = trailing === null ? text : text.slice(0, trailing.index);
    const tail = trailing === null ? '' : trailing[0];
    if (body === '') {
      this.pendingWhitespace += tail;
      return;
    }
    const delta = this.pendingWhitespace + body;
    this.pendingWhitespace = tail;
    this.events.push(kind === 'text' ? { type: 'text-delta', text: delta } : { type: 'reasoning-delta', text: delta });
    if (kind === 'text') this.wroteText = true;
  }

  /** A marker between two runs of the same kind: they join with a newline. */
  boundary(): void {
    if (this.started) this.pendingWhitespace = '\n';
  }

  /** A tool call or a change of section: the next write starts a new part. */
  reset(): void {
    this.kind = undefined;
  }

  /** The events written since the last call. */
  take(): StreamEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }
}
