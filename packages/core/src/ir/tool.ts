import type { CacheBreakpoint } from './cache-breakpoint';
import type { JSONObject } from './json-value';

/**
 * A JSON Schema object describing a tool's input. Always `type: 'object'` at the top
 * for tools: every provider requires named arguments.
 */
export type JSONSchema = JSONObject;

/** A tool the model may call, as plain data. Executable tools add an `execute` function on top. */
export type Tool = {
  /** The name the model uses; providers accept `[A-Za-z0-9_-]{1,64}`. */
  name: string;
  /** What the tool does and when to use it; the model reads this. */
  description: string;
  /** The JSON Schema of the arguments object. */
  inputSchema: JSONSchema;
  /** Cache the prompt up to and including this tool definition (tools come first in the prefix); see {@link CacheBreakpoint}. */
  cacheBreakpoint?: CacheBreakpoint;
  /**
   * Offered lazily: the schema is not loaded up front, the model finds the tool through tool search
   * (Anthropic `defer_loading`; elsewhere the agent's local search tool). See `docs/deferred-tools.md`.
   */
  deferLoading?: boolean;
};

/** The tool-choice modes, as used by capability data. */
export type ToolChoiceMode = 'auto' | 'none' | 'required' | 'tool';

/**
 * Whether and which tool the model must call: `auto` (model decides), `none` (no calls),
 * `required` (at least one call), or one named tool.
 */
export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'tool'; name: string };
