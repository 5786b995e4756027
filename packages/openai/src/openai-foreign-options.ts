import type { ChatRequest, JSONObject, Warning } from '@interlingua/core';
import { warnForeignOptions } from '@interlingua/core/adapter';

/** What another provider's `providerOptions` become in a Chat Completions or Responses body. */
export type OpenAIForeignOptions = {
  /** From `anthropic.disable_parallel_tool_use` (inverted), when the request has tools. */
  parallel_tool_calls?: boolean;
  /** From `gemini.seed` (Chat Completions only: the Responses API has no seed). */
  seed?: number;
};

/** Which OpenAI API the body is for: `chat` (Chat Completions, the default) or `responses`. */
export type OpenAIForeignOptionsAPI = 'chat' | 'responses';

/**
 * Maps the options of other providers that have a Chat Completions equivalent — Anthropic's
 * `disable_parallel_tool_use` ⇄ `parallel_tool_calls` (sent only with tools: OpenAI rejects it
 * without), Gemini's `seed` ⇄ `seed` — and warns about every other foreign option
 * (`warnForeignOptions`). `providerOptions.openai` wins; a foreign option that disagrees with it
 * is a warning too. For the Responses API (`api: 'responses'`) the same, except that it has no
 * `seed`, so Gemini's is one more warning.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-parallel_tool_calls
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-parallel_tool_calls
 */
export function mapOpenAIForeignOptions(
  request: ChatRequest,
  warnings: Warning[],
  api: OpenAIForeignOptionsAPI = 'chat',
): OpenAIForeignOptions {
  // No options: nothing to map or warn about (and no set or closures to build).
  if (request.providerOptions === undefined) return {};
  const own: JSONObject = request.providerOptions?.openai ?? {};
  const disable = request.providerOptions?.anthropic?.disable_parallel_tool_use;
  const seed = api === 'chat' ? request.providerOptions?.gemini?.seed : undefined;
  const hasTools = (request.tools?.length ?? 0) > 0;
  const mapped: OpenAIForeignOptions = {};
  const conflicts = new Set<string>();
  if (typeof disable === 'boolean') {
    if (own.parallel_tool_calls === undefined) {
      if (hasTools) mapped.parallel_tool_calls = !disable;
    } else if (own.parallel_tool_calls !== !disable) conflicts.add('anthropic.disable_parallel_tool_use');
  }
  if (typeof seed === 'number') {
    if (own.seed === undefined) mapped.seed = seed;
    else if (own.seed !== seed) conflicts.add('gemini.seed');
  }
  warnForeignOptions(
    request.providerOptions,
    {
      provider: 'openai',
      format: api === 'chat' ? 'Chat Completions' : 'Responses',
      carried: (key, field) =>
        (key === 'anthropic' && field === 'disable_parallel_tool_use' && typeof disable === 'boolean') ||
        (key === 'gemini' && field === 'seed' && typeof seed === 'number'),
      conflicts,
    },
    warnings,
  );
  return mapped;
}
