import type { CacheBreakpoint } from './cache-breakpoint';
import type { UserContentPart } from './content-parts';
import type { ProviderMetadata } from './json-value';

/**
 * A reference to a tool of the request, inside a tool result: the answer of a client-side tool
 * search, which loads the named (usually deferred, `deferLoading`) tool for the model. Anthropic
 * expands it into the tool's definition (`tool_reference`); a format without references gets the
 * tool's name, description and input schema as text, and the tool itself sent as an ordinary tool.
 * `toolName` names a tool of the same request's `tools`.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool#custom-tool-search-implementation
 */
export type ToolReferencePart = {
  type: 'tool-reference';
  /** The name of the referenced tool, as in the request's `tools`. */
  toolName: string;
  /** Cache the prompt up to and including this part; see {@link CacheBreakpoint}. */
  cacheBreakpoint?: CacheBreakpoint;
  /** Provider data that rides on this part. */
  providerMetadata?: ProviderMetadata;
};

/** The parts a tool result may hold: what a user message may hold, and tool references. */
export type ToolResultContentPart = UserContentPart | ToolReferencePart;
