/**
 * How long a provider should keep a cached prefix: five minutes (every provider's default) or
 * one hour (Anthropic and Bedrock, on the models that offer it). A hint: a provider without
 * that choice keeps its own default and the codec warns.
 */
export type CacheTtl = '5m' | '1h';

/**
 * "Cache the prompt up to and including this": a prompt-cache breakpoint on a system part, a
 * content part, a tool call or result, or a tool definition. Anthropic spells it
 * `cache_control: { type: 'ephemeral', ttl }` on that block, Bedrock a `cachePoint` block after
 * it; OpenAI and Gemini cache prefixes without marks (see `docs/prompt-caching.md`).
 */
export type CacheBreakpoint = {
  /** How long the cached prefix should live; the provider's default (five minutes) when absent. */
  ttl?: CacheTtl;
};

/**
 * How long a provider keeps a request's cached prefixes when it decides by request rather than by
 * breakpoint: `default` (OpenAI `in_memory`, minutes) or `extended` (OpenAI `24h`).
 */
export type PromptCacheRetention = 'default' | 'extended';

/**
 * Request-wide prompt-cache settings: a key that routes requests sharing a long prefix to the same
 * cache (OpenAI `prompt_cache_key`) and the retention (OpenAI `prompt_cache_retention`). Providers
 * that have neither warn.
 */
export type PromptCacheSettings = {
  /** Requests with the same key and prefix are sent where that prefix is cached. */
  key?: string;
  /** How long cached prefixes are kept. */
  retention?: PromptCacheRetention;
};
