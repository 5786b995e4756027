import type { HostedToolCall, HostedToolResult } from './hosted-tool';
import type { ProviderMetadata } from './json-value';
import type { FinishReason } from './model-response';
import type { ToolCall } from './tool-call';
import type { Usage } from './usage';
import type { Warning } from './warning';

/** Text produced; consecutive deltas join into one text part. */
export type TextDeltaEvent = { type: 'text-delta'; text: string; providerMetadata?: ProviderMetadata };

/**
 * Reasoning produced. A delta carrying `signature` closes the current reasoning part;
 * one carrying `redacted` is a redacted block of its own.
 */
export type ReasoningDeltaEvent = {
  type: 'reasoning-delta';
  text: string;
  signature?: string;
  redacted?: string;
  providerMetadata?: ProviderMetadata;
};

/** A tool call began; its place in the message is here. */
export type ToolCallStartEvent = { type: 'tool-call-start'; id: string; name: string };

/** A fragment of a tool call's argument text; fragments may split anywhere, even inside a character escape. */
export type ToolCallDeltaEvent = { type: 'tool-call-delta'; id: string; argsTextDelta: string };

/** A tool call is complete, with its arguments parsed (or `argsError` set). */
export type ToolCallEndEvent = { type: 'tool-call-end'; toolCall: ToolCall };

/** A hosted tool ran (or began to): the call, whole, at its place in the message. */
export type HostedToolCallEvent = { type: 'hosted-tool-call'; call: HostedToolCall };

/** A hosted tool's result, whole, at its place in the message. */
export type HostedToolResultEvent = { type: 'hosted-tool-result'; result: HostedToolResult };

/** The model finished. Carries what the non-streaming response would carry beyond the message. */
export type FinishEvent = {
  type: 'finish';
  finishReason: FinishReason;
  rawFinishReason: string | null;
  usage: Usage;
  id?: string;
  model?: string;
  warnings?: Warning[];
  providerMetadata?: ProviderMetadata;
};

/**
 * The stream failed: a provider error event, a truncated stream, a transport error. `usage` is
 * what the provider had reported before the failure (Anthropic's `message_start`, a Gemini
 * chunk's `usageMetadata`): tokens billed even though the call failed. Absent when none was
 * reported.
 */
export type ErrorEvent = { type: 'error'; error: unknown; usage?: Usage };

/** One event of a streamed model call. */
export type StreamEvent =
  | TextDeltaEvent
  | ReasoningDeltaEvent
  | ToolCallStartEvent
  | ToolCallDeltaEvent
  | ToolCallEndEvent
  | HostedToolCallEvent
  | HostedToolResultEvent
  | FinishEvent
  | ErrorEvent;
