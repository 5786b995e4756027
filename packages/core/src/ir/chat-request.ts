import type { ProviderOptions } from './json-value';
import type { Message } from './message';
import type { ReasoningSettings } from './reasoning-settings';
import type { ResponseFormat } from './response-format';
import type { Tool, ToolChoice } from './tool';

/** Everything a model call needs, in provider-neutral form. */
export type ChatRequest = {
  /** The system prompt. Placed where each provider wants it (a message, a field, an instruction). */
  system?: string;
  /** The conversation so far. The API is stateless: this is the whole history. */
  messages: Message[];
  /** The tools the model may call. */
  tools?: Tool[];
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
  /**
   * Provider-only settings under the provider's key. Another provider's codec maps those that have
   * an equivalent in its format and warns about the rest (`warnForeignOptions`).
   */
  providerOptions?: ProviderOptions;
};
