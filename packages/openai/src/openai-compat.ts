import type { EncodeRequestOptions, EncodeResponseOptions } from '@interlingua/core';

/**
 * Settings for endpoints that speak Chat Completions with differences: older models,
 * reasoning models, and OpenAI-compatible servers (Ollama, vLLM, LM Studio, …).
 */
export type OpenAICompatSettings = {
  /**
   * The role of the system prompt message. Defaults by model id: `developer` for the
   * o-series and gpt-5 family (which expect it), `system` for everything else.
   */
  systemRole?: 'system' | 'developer';
  /**
   * The field `maxOutputTokens` goes to. Default `max_completion_tokens`; servers that only
   * know the older `max_tokens` (most compatible servers) need `max_tokens`.
   */
  maxTokensField?: 'max_completion_tokens' | 'max_tokens';
  /**
   * Whether streaming requests ask for usage with `stream_options: { include_usage: true }`.
   * Default `true`; turn off for servers that reject `stream_options`.
   */
  streamUsage?: boolean;
  /** Whether tools are declared with `strict: true` (Structured Outputs). Default `false`. */
  strictTools?: boolean;
  /**
   * Whether assistant turns send their reasoning back as `reasoning_content`. Default `false`
   * (OpenAI has no such field; its reasoning stays server-side). Servers with a thinking mode
   * that want it back need `true`: DeepSeek answers a tool loop without it with `400 The
   * \`reasoning_content\` in the thinking mode must be passed back to the API.` (the `deepseek:`
   * provider of the umbrella sets it).
   *
   * @see https://api-docs.deepseek.com/guides/thinking_mode
   */
  sendReasoningContent?: boolean;
  /**
   * Where `ChatRequest.reasoning` goes. Default `reasoning_effort` (OpenAI, and compatible
   * servers that follow it: Ollama, vLLM, Groq, xAI); `reasoning` for OpenRouter's
   * `reasoning: { effort, max_tokens }` object (a budget is sent as it is); `none` for servers
   * with no reasoning control (DeepSeek reasons by model choice): a warning, nothing sent.
   *
   * @see https://openrouter.ai/docs/use-cases/reasoning-tokens
   */
  reasoningField?: 'reasoning_effort' | 'reasoning' | 'none';
};

/** Options of the OpenAI codec's `encodeRequest`: the model id, streaming, and compat settings. */
export type OpenAIEncodeRequestOptions = EncodeRequestOptions & OpenAICompatSettings;

/** Options of the OpenAI codec's `encodeResponse` and `encodeStream`. */
export type OpenAIEncodeResponseOptions = EncodeResponseOptions & {
  /** The completion id to put on every chunk; defaults to the response's id. */
  id?: string;
  /** The `created` timestamp (Unix seconds). Codecs read no clock, so it defaults to 0. */
  created?: number;
  /** Whether `encodeStream` ends with the usage chunk (`stream_options.include_usage`). Default `true`. */
  includeUsage?: boolean;
};

/**
 * The system prompt role a model expects: `developer` for o-series (`o1`, `o3`, `o4-mini`, …)
 * and the gpt-5 family, `system` otherwise.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
 */
export function defaultOpenAISystemRole(modelId: string): 'system' | 'developer' {
  return /^(o\d|gpt-5)/.test(modelId) ? 'developer' : 'system';
}
