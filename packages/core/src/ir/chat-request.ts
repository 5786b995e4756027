import type { PromptCacheSettings } from './cache-breakpoint';
import type { TextPart } from './content-parts';
import type { HostedTool } from './hosted-tool';
import type { ProviderOptions } from './json-value';
import type { Message } from './message';
import type { ReasoningSettings } from './reasoning-settings';
import type { ResponseFormat } from './response-format';
import type { Tool, ToolChoice } from './tool';

/** Everything a model call needs, in provider-neutral form. */
export type ChatRequest = {
  /** The system prompt. Placed where each provider wants it (a message, a field, an instruction). */
  system?: string;
  /**
   * The system prompt in blocks, where block boundaries or prompt-cache breakpoints matter (a client
   * that sent several system blocks, a breakpoint after one of them). Their texts joined by `\n` are
   * `system`, which stays the prompt every codec reads; a codec that has system blocks (Anthropic,
   * Bedrock) sends these instead, and falls back to `system` with a warning when they disagree.
   */
  systemParts?: TextPart[];
  /** The conversation so far. The API is stateless: this is the whole history. */
  messages: Message[];
  /** The tools the model may call: functions the caller runs, and tools the provider runs (`HostedTool`). */
  tools?: (Tool | HostedTool)[];
  /** Whether and which tool must be called. Defaults to the provider's `auto`. */
  toolChoice?: ToolChoice;
  /** Upper bound on generated tokens, reasoning included. */
  maxOutputTokens?: number;
  /** Sampling temperature. */
  temperature?: number;
  /** Nucleus sampling mass. */
  topP?: number;
  /** Strings that end generation when produced. */
  stopSequences?: string[];
  /** How hard the model thinks (effort level or token budget); see `docs/reasoning.md`. */
  reasoning?: ReasoningSettings;
  /** The shape of the answer (text, or JSON with a schema); see `docs/structured-output.md`. */
  responseFormat?: ResponseFormat;
  /** Request-wide prompt-cache settings (a cache key, the retention); see `docs/prompt-caching.md`. */
  promptCache?: PromptCacheSettings;
  /**
   * Ask the provider to stream tool-call arguments as the model writes them, where that has to be
   * turned on (Anthropic `eager_input_streaming`, Vertex AI `streamFunctionCallArguments`); the
   * deltas arrive as `tool-call-delta` events. Applies to streamed calls; see `docs/tool-argument-streaming.md`.
   */
  toolArgumentStreaming?: boolean;
  /**
   * Provider-only settings under the provider's key. Another provider's codec maps those that have
   * an equivalent in its format and warns about the rest (`warnForeignOptions`).
   */
  providerOptions?: ProviderOptions;
};
