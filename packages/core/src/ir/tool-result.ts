import type { CacheBreakpoint } from './cache-breakpoint';
import type { ProviderMetadata } from './json-value';
import type { ToolApprovalResponse } from './tool-approval';
import type { ToolResultContentPart } from './tool-reference-part';

/** The outcome of one tool call, answered to the model. */
export type ToolResult = {
  type: 'tool-result';
  /** The `ToolCall.id` this result answers. */
  toolCallId: string;
  /** The name of the tool that was called (Gemini needs it on the wire). */
  toolName: string;
  /** What the tool returned: text, images, files, or references to tools it loads (a tool search's answer). */
  content: ToolResultContentPart[];
  /** True when the tool failed or the call never ran; `content` then says why, for the model to act on. */
  isError: boolean;
  /** Cache the prompt up to and including this part; see {@link CacheBreakpoint}. */
  cacheBreakpoint?: CacheBreakpoint;
  /** For a call that needed approval: pending (this result is a placeholder) or the decision. */
  approval?: ToolApprovalResponse;
  /** Provider data that rides on this result. */
  providerMetadata?: ProviderMetadata;
};
