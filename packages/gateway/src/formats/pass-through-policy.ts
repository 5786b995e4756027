import type { ChatRequest, JSONObject, Warning } from '@interlingua/core';
import { setOwnProperty } from '@interlingua/core/adapter';

// Dropped fields named one warning each, up to this many; the rest are counted in one more.
const MAX_NAMED = 16;

/**
 * Per inbound format: the `providerOptions` key its decoder parks body fields under, and the
 * fields a caller may send that have no IR home and still reach a backend (of that provider; other
 * backends map or warn about them). Everything else the decoder parked is dropped with a warning.
 * The lists leave out what costs the operator more than the price the gateway charges, stores
 * data in the operator's account or acts on it: `n` / `candidateCount`, `service_tier`, `store`,
 * `metadata`, `user`, `background`, `cachedContent`, `mcp_servers`, `container`, …
 * `models.<name>.passThrough` allows more, per model.
 */
export const PASS_THROUGH_FIELDS: Readonly<Record<string, { provider: string; fields: readonly string[] }>> = {
  openai: {
    provider: 'openai',
    fields: [
      'parallel_tool_calls',
      'seed',
      'frequency_penalty',
      'presence_penalty',
      'logit_bias',
      'logprobs',
      'top_logprobs',
      'reasoning_effort',
      'verbosity',
    ],
  },
  'openai-responses': {
    provider: 'openai',
    fields: [
      'parallel_tool_calls',
      'reasoning',
      'text',
      'include',
      'tools',
      'tool_choice',
      'top_logprobs',
      'truncation',
      'max_tool_calls',
    ],
  },
  anthropic: {
    provider: 'anthropic',
    fields: [
      'system',
      'cache_control',
      'tools',
      'disable_parallel_tool_use',
      'thinking',
      'output_config',
      'top_k',
      'context_management',
    ],
  },
  gemini: {
    provider: 'gemini',
    fields: [
      'topK',
      'seed',
      'presencePenalty',
      'frequencyPenalty',
      'responseLogprobs',
      'logprobs',
      'thinkingConfig',
      'responseMimeType',
      'responseSchema',
      'responseJsonSchema',
      'safetySettings',
      'streamFunctionCallArguments',
    ],
  },
};

/**
 * Applies the pass-through policy to a decoded request, in place: of the `providerOptions` the
 * inbound format's decoder filled, only the fields of {@link PASS_THROUGH_FIELDS} for that format
 * and the operator's `allowed` ones (`models.<name>.passThrough`) are kept; each other field is
 * dropped and named in a warning. A format without a list (one added through `createGateway`'s
 * `formats`) keeps only the operator's fields.
 */
export function applyPassThroughPolicy(
  request: ChatRequest,
  format: string,
  model: string,
  allowed: readonly string[] | undefined,
  warnings: Warning[],
): void {
  const options = request.providerOptions;
  if (options === undefined) return;
  const policy = Object.hasOwn(PASS_THROUGH_FIELDS, format) ? PASS_THROUGH_FIELDS[format] : undefined;
  const kept: Record<string, JSONObject> = {};
  let dropped = 0;
  for (const [provider, fields] of Object.entries(options)) {
    const keep: JSONObject = {};
    for (const [field, value] of Object.entries(fields)) {
      const listed = provider === policy?.provider && policy.fields.includes(field);
      if (listed || allowed?.includes(field) === true) {
        // Own properties only: a caller's `__proto__` field is data, never a prototype.
        setOwnProperty(keep, field, value);
        continue;
      }
      if (++dropped > MAX_NAMED) continue;
      const name = field.slice(0, 64);
      warnings.push({
        type: 'unsupported',
        feature: name,
        message: `The gateway does not pass \`${name}\` on to the backend: the ${format} format maps no such field and it is not in the pass-through list (an operator can allow it for "${model}" with models.<name>.passThrough); it was dropped.`,
      });
    }
    if (Object.keys(keep).length > 0) setOwnProperty(kept, provider, keep);
  }
  if (dropped > MAX_NAMED) {
    warnings.push({
      type: 'unsupported',
      feature: 'passThrough',
      message: `${dropped - MAX_NAMED} more fields the gateway does not pass on were dropped.`,
    });
  }
  if (Object.keys(kept).length > 0) request.providerOptions = kept;
  else delete request.providerOptions;
}
