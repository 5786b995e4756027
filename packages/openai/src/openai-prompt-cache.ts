import type { ChatRequest, JSONObject } from '@interlingua/core';

/**
 * Writes `promptCache` as OpenAI's `prompt_cache_key` and `prompt_cache_retention` (`default` →
 * `in_memory`, `extended` → `24h`), the same fields in Chat Completions and Responses. OpenAI
 * caches every prefix of 1024 tokens or more by itself: `cacheBreakpoint` marks have no field and
 * need none, so they are not sent and not warned about (see `docs/prompt-caching.md`).
 *
 * @see https://platform.openai.com/docs/guides/prompt-caching
 */
export function applyOpenAIPromptCache(body: Record<string, unknown>, request: ChatRequest): void {
  const cache = request.promptCache;
  if (cache === undefined) return;
  if (cache.key !== undefined) body.prompt_cache_key = cache.key;
  if (cache.retention !== undefined) body.prompt_cache_retention = cache.retention === 'extended' ? '24h' : 'in_memory';
}

/**
 * Reads `prompt_cache_key` and `prompt_cache_retention` of a request body into `promptCache`, taking
 * them out of `rest` (the keys bound for `providerOptions.openai`). Values the IR cannot say (an
 * empty key, an unknown retention) stay in `rest`, to be passed on or warned about as before.
 */
export function readOpenAIPromptCache(rest: JSONObject, request: ChatRequest): void {
  const key = rest.prompt_cache_key;
  const retention = rest.prompt_cache_retention;
  const cache: NonNullable<ChatRequest['promptCache']> = {};
  if (typeof key === 'string' && key !== '') {
    cache.key = key;
    delete rest.prompt_cache_key;
  }
  if (retention === 'in_memory' || retention === '24h') {
    cache.retention = retention === '24h' ? 'extended' : 'default';
    delete rest.prompt_cache_retention;
  }
  if (cache.key !== undefined || cache.retention !== undefined) request.promptCache = cache;
}
