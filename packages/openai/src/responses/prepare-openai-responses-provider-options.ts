import type { JSONObject, JSONValue, Warning } from '@interlingua/core';
import { setOwnProperty } from '@interlingua/core/adapter';

// Keys the codec itself writes; `providerOptions.openai` cannot override them.
const RESERVED_KEYS = new Set(['model', 'input', 'instructions', 'stream', 'stream_options', 'max_output_tokens']);
// Keys `providerOptions.openai` may replace although the codec wrote them: `store: false` is only
// the stateless default (a library user may store), the rest are merged rather than replaced.
const REPLACEABLE_KEYS = new Set(['store']);

// Chat Completions parameters with no Responses equivalent (`providerOptions.openai` is shared by
// both OpenAI codecs): sending them would be a 400 "Unknown parameter".
const CHAT_ONLY_KEYS = new Set([
  'messages',
  'n',
  'seed',
  'stop',
  'logit_bias',
  'logprobs',
  'frequency_penalty',
  'presence_penalty',
  'modalities',
  'audio',
  'prediction',
  'web_search_options',
  'functions',
  'function_call',
]);

/**
 * Applies `providerOptions.openai` to a Responses body. Keys are copied verbatim (`reasoning`,
 * `text`, `parallel_tool_calls`, `store`, `metadata`, …) except: `tools` entries (hosted tools
 * such as `{ type: 'web_search' }`) are added after the function tools and `include` entries to
 * the codec's; the Chat Completions spellings are translated — `reasoning_effort` →
 * `reasoning.effort`, `verbosity` → `text.verbosity`, `response_format` → `text.format`,
 * `max_completion_tokens` / `max_tokens` → `max_output_tokens` — and Chat-only parameters
 * (`seed`, `stop`, `n`, …) are left out with a warning, as are the keys the codec writes itself
 * (`tool_choice`, `temperature`, … when the request set them; `model`, `input`, `instructions`,
 * `max_output_tokens` and the stream flags always). `store` may replace the stateless default.
 *
 * @see https://platform.openai.com/docs/guides/migrate-to-responses
 */
export function applyOpenAIResponsesProviderOptions(
  body: Record<string, unknown>,
  options: JSONObject | undefined,
  warnings: Warning[],
): void {
  if (options === undefined) return;
  for (const [key, value] of Object.entries(options)) {
    if (RESERVED_KEYS.has(key) || CHAT_ONLY_KEYS.has(key)) {
      warnings.push({
        type: 'unsupported',
        feature: `providerOptions.openai.${key}`,
        message: RESERVED_KEYS.has(key)
          ? `\`${key}\` is set by the codec and cannot be overridden through providerOptions; it was ignored.`
          : `\`${key}\` is a Chat Completions parameter the Responses API does not take; it was not sent.`,
      });
      continue;
    }
    switch (key) {
      case 'tools':
        body.tools = [...asArray(body.tools), ...asArray(value)];
        break;
      case 'include':
        body.include = [...new Set([...asArray(body.include), ...asArray(value)])];
        break;
      case 'reasoning_effort':
        body.reasoning = { ...asObject(body.reasoning), effort: value };
        break;
      case 'verbosity':
        body.text = { ...asObject(body.text), verbosity: value };
        break;
      case 'response_format':
        body.text = { ...asObject(body.text), format: toTextFormat(value) };
        break;
      case 'max_completion_tokens':
      case 'max_tokens':
        body.max_output_tokens ??= value;
        break;
      case 'reasoning':
      case 'text':
        // Merged, so a translated Chat Completions key given beside them survives.
        body[key] = { ...asObject(body[key]), ...asObject(value) };
        break;
      default:
        // Never over what the codec encoded (`tool_choice`, `temperature`, …): a hosted `tool_choice`
        // fills the field only when the request had no choice of its own.
        if (Object.hasOwn(body, key) && !REPLACEABLE_KEYS.has(key)) {
          warnings.push({
            type: 'unsupported',
            feature: `providerOptions.openai.${key}`,
            message: `\`${key}\` is set by the codec and cannot be overridden through providerOptions; it was ignored.`,
          });
        } else setOwnProperty(body, key, value);
    }
  }
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

// Chat Completions nests the schema (`json_schema: { name, schema, strict }`); Responses flattens it.
function toTextFormat(value: JSONValue): JSONValue {
  const format = asObject(value);
  if (format.type !== 'json_schema') return value;
  return { type: 'json_schema', ...(asObject(format.json_schema) as JSONObject) };
}
