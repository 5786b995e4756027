import type { ChatRequest, JSONObject, Warning } from '@interlingua/core';
import { warnForeignOptions } from '@interlingua/core/adapter';

/** What another provider's `providerOptions` become in a Gemini body (`generationConfig` fields). */
export type GeminiForeignOptions = {
  /** From `openai.seed`. */
  seed?: number;
  /** From `anthropic.top_k`. */
  topK?: number;
};

/**
 * Maps the options of other providers that have a Gemini equivalent — OpenAI's `seed`,
 * Anthropic's `top_k` (`generationConfig.seed` / `topK`) — and warns about every other foreign
 * option (`warnForeignOptions`). Gemini has no switch against parallel function calls: OpenAI's
 * `parallel_tool_calls: false` and Anthropic's `disable_parallel_tool_use: true` are warnings
 * that say so (their permissive values are Gemini's behaviour anyway). `providerOptions.gemini`
 * wins; a foreign option that disagrees with it is a warning too.
 *
 * @see https://ai.google.dev/api/generate-content#generationconfig
 */
export function mapGeminiForeignOptions(request: ChatRequest, warnings: Warning[]): GeminiForeignOptions {
  // No options: nothing to map or warn about (and no set or closures to build).
  if (request.providerOptions === undefined) return {};
  const own: JSONObject = request.providerOptions?.gemini ?? {};
  const seed = request.providerOptions?.openai?.seed;
  const topK = request.providerOptions?.anthropic?.top_k;
  const parallel = request.providerOptions?.openai?.parallel_tool_calls;
  const disable = request.providerOptions?.anthropic?.disable_parallel_tool_use;
  const mapped: GeminiForeignOptions = {};
  const conflicts = new Set<string>();
  if (typeof seed === 'number') {
    if (own.seed === undefined) mapped.seed = seed;
    else if (own.seed !== seed) conflicts.add('openai.seed');
  }
  if (typeof topK === 'number') {
    if (own.topK === undefined) mapped.topK = topK;
    else if (own.topK !== topK) conflicts.add('anthropic.top_k');
  }
  const carried = (key: string, field: string): boolean =>
    (key === 'openai' && field === 'seed' && typeof seed === 'number') ||
    (key === 'anthropic' && field === 'top_k' && typeof topK === 'number') ||
    // Parallel calls allowed is what Gemini does.
    (key === 'openai' && field === 'parallel_tool_calls' && parallel === true) ||
    (key === 'anthropic' && field === 'disable_parallel_tool_use' && disable === false);
  warnForeignOptions(
    request.providerOptions,
    {
      provider: 'gemini',
      format: 'Gemini',
      carried,
      conflicts,
      explain: (key, field) => {
        if (
          `${key}.${field}` === 'openai.parallel_tool_calls' ||
          `${key}.${field}` === 'anthropic.disable_parallel_tool_use'
        )
          return `Gemini has no switch to turn off parallel function calls (${key}'s \`${field}\`); the model may still call several tools at once.`;
        return undefined;
      },
    },
    warnings,
  );
  return mapped;
}
