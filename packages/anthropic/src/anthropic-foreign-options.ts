import type { ChatRequest, JSONObject, Warning } from '@interlingua/core';
import { warnForeignOptions } from '@interlingua/core/adapter';

/** What another provider's `providerOptions` become in a Messages API body. */
export type AnthropicForeignOptions = {
  /** From `openai.parallel_tool_calls` (inverted), when `anthropic.disable_parallel_tool_use` is not set. */
  disableParallelToolUse?: boolean;
  /** From `gemini.topK`, when `anthropic.top_k` is not set. */
  topK?: number;
};

/**
 * Maps the options of other providers that have an Anthropic equivalent — OpenAI's
 * `parallel_tool_calls` ⇄ `tool_choice.disable_parallel_tool_use`, Gemini's `topK` ⇄ `top_k` —
 * and warns about every other foreign option (`warnForeignOptions`): a request decoded from an
 * OpenAI body (`response_format`, `logprobs`, …) loses nothing silently. Anthropic's own setting
 * wins; a foreign one that disagrees with it is a warning too.
 *
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#parallel-tool-use
 */
export function mapAnthropicForeignOptions(request: ChatRequest, warnings: Warning[]): AnthropicForeignOptions {
  // No options: nothing to map or warn about (and no set or closures to build).
  if (request.providerOptions === undefined) return {};
  const own: JSONObject = request.providerOptions?.anthropic ?? {};
  const parallel = request.providerOptions?.openai?.parallel_tool_calls;
  const topK = request.providerOptions?.gemini?.topK;
  const mapped: AnthropicForeignOptions = {};
  const conflicts = new Set<string>();
  if (typeof parallel === 'boolean') {
    if (own.disable_parallel_tool_use === undefined) mapped.disableParallelToolUse = !parallel;
    else if (own.disable_parallel_tool_use !== !parallel) conflicts.add('openai.parallel_tool_calls');
  }
  if (typeof topK === 'number') {
    if (own.top_k === undefined) mapped.topK = topK;
    else if (own.top_k !== topK) conflicts.add('gemini.topK');
  }
  warnForeignOptions(
    request.providerOptions,
    {
      provider: 'anthropic',
      format: 'Anthropic',
      carried: (key, field) =>
        (key === 'openai' && field === 'parallel_tool_calls' && typeof parallel === 'boolean') ||
        (key === 'gemini' && field === 'topK' && typeof topK === 'number'),
      conflicts,
    },
    warnings,
  );
  return mapped;
}
