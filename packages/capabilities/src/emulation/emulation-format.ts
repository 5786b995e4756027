import type { AssistantMessage, StreamEvent, Tool, ToolMessage, UserContentPart, Warning } from '@interlingua/core';
import type { EmulationFormatName } from '../registry/capability-row';

/** Options of a format's text parser. */
export type EmulationParserOptions = {
  /** Makes an id for each parsed call (ids are synthesized: the model writes none). */
  generateId: () => string;
  /** The declared tool names; a call naming one case-insensitively gets its exact spelling. */
  toolNames: readonly string[];
};

/**
 * An incremental parser of a model's text reply: feed text as it streams, get IR stream events
 * (text and reasoning deltas, tool-call start/delta/end) as soon as they are settled.
 */
export type EmulationParser = {
  /** Feeds more text; returns the events it settles. */
  push(text: string): StreamEvent[];
  /** Ends the text; returns the remaining events. */
  end(): StreamEvent[];
  /** What the parser had to drop or guess, as warnings. Complete after `end()`. */
  readonly warnings: Warning[];
};

/** A prompt format for tool calling without native tools: how to describe tools, replay history, and read replies. */
export type EmulationFormat = {
  /** `react` or `tags`. */
  readonly name: EmulationFormatName;
  /** Stop sequences that end the reply where the tool result would begin. */
  readonly stopSequences: readonly string[];
  /** The system-prompt section describing `tools`, the reply format, and any extra `instructions`. */
  describeTools(tools: readonly Tool[], instructions: readonly string[]): string;
  /** An earlier assistant turn (its text, reasoning and calls) as the text the format expects. */
  renderAssistant(message: AssistantMessage): string;
  /** Tool results, replayed as the user turn the format expects (observations, `<tool_response>`). */
  renderToolResults(message: ToolMessage): UserContentPart[];
  /** A parser for one reply. */
  createParser(options: EmulationParserOptions): EmulationParser;
};
