import type { CacheBreakpoint } from './cache-breakpoint';
import type { JSONObject, ProviderMetadata } from './json-value';
import type { ToolApprovalRequest } from './tool-approval';

/**
 * A model's request to run one tool.
 *
 * `args` is always an object. When the model sent arguments that do not parse as a JSON
 * object, the codec keeps the raw text in `argsText`, explains why in `argsError`, sets
 * `args` to `{}` and does not throw; the agent answers such a call with an error result.
 */
export type ToolCall = {
  type: 'tool-call';
  /** The call id, unique within the conversation; results refer to it. Synthesized where a provider sends none. */
  id: string;
  /** The tool name exactly as declared in `ChatRequest.tools`. */
  name: string;
  /** The parsed arguments. `{}` when they could not be parsed. */
  args: JSONObject;
  /** The raw argument text, kept when it could not be parsed (so it can be replayed verbatim). */
  argsText?: string;
  /** Why `argsText` could not be parsed; present only together with `argsText`. */
  argsError?: string;
  /** Cache the prompt up to and including this part; see {@link CacheBreakpoint}. */
  cacheBreakpoint?: CacheBreakpoint;
  /** Set when the call waits for a person's decision before it runs; see `docs/approval.md`. */
  approval?: ToolApprovalRequest;
  /** Provider data that rides on this call (e.g. Gemini `thoughtSignature`). */
  providerMetadata?: ProviderMetadata;
};
