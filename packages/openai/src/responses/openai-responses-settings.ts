import type { EncodeRequestOptions, EncodeResponseOptions } from '@interlingua/core';

/** Settings of the Responses codec and model that depend on the model or the account. */
export type OpenAIResponsesSettings = {
  /**
   * Whether tools are declared with `strict: true` (Structured Outputs). Default `false`, sent
   * explicitly: the Responses API would otherwise make them strict.
   */
  strictTools?: boolean;
  /**
   * Whether to ask for encrypted reasoning (`include: ['reasoning.encrypted_content']`), so
   * reasoning can be replayed from the history without stored responses. Defaults by model id
   * (see {@link defaultOpenAIEncryptedReasoning}); models without reasoning reject it.
   */
  encryptedReasoning?: boolean;
};

/** Options of the Responses codec's `encodeRequest`: the model id, streaming, and settings. */
export type OpenAIResponsesEncodeRequestOptions = EncodeRequestOptions & OpenAIResponsesSettings;

/** Options of the Responses codec's `encodeResponse` and `encodeStream`. */
export type OpenAIResponsesEncodeResponseOptions = EncodeResponseOptions & {
  /** The response id; defaults to the IR response's id, else a placeholder. */
  id?: string;
  /** The `created_at` timestamp (Unix seconds). Codecs read no clock, so it defaults to 0. */
  createdAt?: number;
  /**
   * The `tools` of the request being answered, as the client sent them. Calls of a function of a
   * `namespace` tool (which `decodeRequest` flattened to `<namespace>__<name>`) are then answered
   * as the Responses API names them: `name` and `namespace` apart.
   */
  requestTools?: unknown;
};

/**
 * Whether a model takes `include: ['reasoning.encrypted_content']`: the reasoning models
 * (o-series, the gpt-5 family, Codex models), not the chat snapshots (`gpt-5-chat-latest`) nor
 * the older models, which answer "Encrypted content is not supported with this model".
 *
 * @see https://platform.openai.com/docs/guides/reasoning#encrypted-reasoning-items
 */
export function defaultOpenAIEncryptedReasoning(modelId: string): boolean {
  return /^(o\d|gpt-5|codex)/i.test(modelId) && !/-chat/i.test(modelId);
}

/** The placeholder response id, when neither the response nor the options give one. */
export const OPENAI_RESPONSES_PLACEHOLDER_ID = 'resp_interlingua';
