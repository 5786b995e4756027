import type { ProviderMetadata } from './json-value';
import type { AssistantMessage } from './message';
import type { Usage } from './usage';
import type { Warning } from './warning';

/**
 * Why the model stopped. `tool_calls`: it wants tools run; `length`: it hit the token limit;
 * `pause`: a long server-side turn paused and should be resent as is; `refusal`: it declined.
 */
export type FinishReason =
  | 'stop'
  | 'tool_calls'
  | 'length'
  | 'content_filter'
  | 'refusal'
  | 'pause'
  | 'error'
  | 'other';

/** The result of one non-streaming model call (or of a folded stream). */
export type ModelResponse = {
  /** The assistant turn, ready to append to the history. */
  message: AssistantMessage;
  /** Why the model stopped, normalized. */
  finishReason: FinishReason;
  /** The provider's own word (`end_turn`, `stop_sequence`, `MAX_TOKENS`, …); `null` when it sent none. */
  rawFinishReason: string | null;
  /** Token counts. */
  usage: Usage;
  /** The provider's response id. */
  id?: string;
  /** The model that answered, as the provider names it. */
  model?: string;
  /** Settings that could not be honoured for this call. */
  warnings: Warning[];
  /** Provider-only response data under the provider's key. */
  providerMetadata?: ProviderMetadata;
};
