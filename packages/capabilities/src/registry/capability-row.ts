import type { ModelCapabilities, SchemaCapabilities } from '@interlingua/core';

/** The prompt format used to emulate tool calling: ReAct text or `<tool_call>` tags (Hermes/Qwen style). */
export type EmulationFormatName = 'react' | 'tags';

/**
 * The API a model is best called through, where its provider has several: for OpenAI,
 * `responses` (the Responses API) or `chat-completions`.
 */
export type ProviderApi = 'chat-completions' | 'responses';

/**
 * Some of a model's capabilities: what a data row or an override states. Fields left out are
 * taken from less specific rows (and are `'unknown'` when no row states them).
 */
export type CapabilityOverrides = Partial<Omit<ModelCapabilities, 'schema'>> & { schema?: Partial<SchemaCapabilities> };

/**
 * One row of capability data: the model ids it matches, what it states, and where the facts come from.
 *
 * `match` is one or more `provider:model` glob patterns, case-insensitive, where `*` matches any
 * run of characters (`openai:gpt-4o*`, `*:*qwen2.5*`). A pattern without a colon matches any
 * provider. The most specific matching pattern (most non-`*` characters) wins, field by field.
 */
export type CapabilityRow = {
  /** Glob pattern(s) over `provider:model`. */
  match: string | readonly string[];
  /** What the row states; omitted fields fall through to less specific rows. */
  capabilities: CapabilityOverrides;
  /** The emulation format the model family is trained on, when it has no native tool calling. */
  emulation?: EmulationFormatName;
  /** The API the provider recommends for the model, where it has several (OpenAI: `responses` or `chat-completions`). */
  api?: ProviderApi;
  /** Where the facts come from (a URL to the provider's docs or the model card). */
  source: string;
};
