import {
  type ChatRequest,
  type CodecResult,
  type EncodeRequestOptions,
  functionToolsOf,
  isHostedTool,
  type JSONObject,
  type JSONValue,
  type ReasoningEffort,
  type TextPart,
  type Warning,
} from '@interlingua/core';
import { readSystemParts, setOwnProperty, warnPromptCache } from '@interlingua/core/adapter';
import type { AnthropicCacheControl, AnthropicMessagesRequest, AnthropicTextBlockParam } from './anthropic-api';
import { limitAnthropicCacheControl, toAnthropicCacheControl } from './anthropic-cache-control';
import { mapAnthropicForeignOptions } from './anthropic-foreign-options';
import { prepareAnthropicHostedTools } from './anthropic-hosted-tools';
import { applyAnthropicSettings } from './anthropic-prepare-settings';
import { prepareAnthropicTools } from './anthropic-prepare-tools';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages';

/** The `max_tokens` sent when neither the request nor the settings give one. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

/** Options of the Anthropic `encodeRequest`: the codec contract plus the `max_tokens` fallback. */
export type AnthropicEncodeRequestOptions = EncodeRequestOptions & {
  /** `max_tokens` when the request has no `maxOutputTokens`: a number, or a function of the model id. */
  defaultMaxTokens?: number | ((modelId: string) => number | undefined);
  /**
   * The thinking budget for `reasoning.effort` given alone, by model id (the umbrella passes the
   * capability data's); `DEFAULT_EFFORT_BUDGETS` from `@interlingua/core` when it answers nothing.
   */
  effortBudget?: (modelId: string, effort: ReasoningEffort) => number | undefined;
};

// Keys `providerOptions.anthropic` may never set: the codec owns them.
const RESERVED_KEYS = new Set(['model', 'messages', 'max_tokens', 'tool_choice', 'stream']);

// Keys of `providerOptions.anthropic` that map to request fields instead of passing through.
const handledOptionKeys = new Set(['cache_control', 'disable_parallel_tool_use', 'tools', 'system']);
// Merged with the hosted tools' entries when there are any.
const mergedOptionKeys = new Set(['mcp_servers']);

/**
 * Encodes an IR request as a Messages API body. `system` goes to the top-level `system`
 * field (`systemParts` as text blocks, each `cacheBreakpoint` a `cache_control`; else one text
 * block with `cache_control` when `providerOptions.anthropic.cache_control` is set;
 * the blocks of `providerOptions.anthropic.system` as they are when their texts, joined by
 * newlines, are `system` — how `decodeRequest` keeps several blocks and their breakpoints),
 * never into `messages`. `max_tokens` is `maxOutputTokens`, else `defaultMaxTokens`, else
 * {@link ANTHROPIC_DEFAULT_MAX_TOKENS}. `reasoning` becomes `thinking` and `responseFormat`
 * `output_config.format` (see `applyAnthropicSettings`). Other `providerOptions.anthropic` keys (`thinking`,
 * `metadata`, `top_k`, …) are copied into the body verbatim and win over computed settings
 * (`thinking`, `output_config`), never over what the codec owns (`model`, `messages`,
 * `max_tokens`, `tool_choice`, `stream`: those are left out with a warning).
 * Other providers' options with an equivalent are mapped (`openai.parallel_tool_calls`,
 * `gemini.topK`); every other one is a warning (`mapAnthropicForeignOptions`).
 * `toolArgumentStreaming` sets `eager_input_streaming` on every tool; `promptCache` has no
 * Anthropic field (a warning); past four breakpoints the extra ones are left out with a warning.
 *
 * @see https://docs.anthropic.com/en/api/messages
 */
export function encodeAnthropicRequest(
  request: ChatRequest,
  options: AnthropicEncodeRequestOptions,
): CodecResult<AnthropicMessagesRequest> {
  const warnings: Warning[] = [];
  const anthropicOptions: JSONObject = request.providerOptions?.anthropic ?? {};
  const messages = convertToAnthropicMessages(request.messages, warnings);

  const cacheControl = anthropicOptions.cache_control;
  const parts = readSystemParts(request, warnings);
  let system: AnthropicMessagesRequest['system'] =
    parts === undefined ? systemBlocks(request.system, anthropicOptions.system, warnings) : systemPartBlocks(parts);
  if (system === undefined && request.system !== undefined) {
    // An empty text block (cache_control or not) is a 400; an empty string is not.
    system =
      typeof cacheControl === 'object' && cacheControl !== null && !Array.isArray(cacheControl) && request.system !== ''
        ? [{ type: 'text', text: request.system, cache_control: cacheControl as AnthropicCacheControl }]
        : request.system;
  }

  const foreign = mapAnthropicForeignOptions(request, warnings);
  const disableParallel = anthropicOptions.disable_parallel_tool_use ?? foreign.disableParallelToolUse;
  const nativeTools = Array.isArray(anthropicOptions.tools)
    ? anthropicOptions.tools.filter(
        (tool): tool is JSONObject => typeof tool === 'object' && tool !== null && !Array.isArray(tool),
      )
    : [];
  const hosted = prepareAnthropicHostedTools(
    (request.tools ?? []).flatMap((tool, index) => (isHostedTool(tool) ? [{ tool, index }] : [])),
    warnings,
  );
  nativeTools.push(...hosted.tools);
  const tools = prepareAnthropicTools({
    tools: functionToolsOf(request.tools),
    toolChoice: request.toolChoice,
    disableParallelToolUse: typeof disableParallel === 'boolean' ? disableParallel : undefined,
    nativeTools,
    eagerInputStreaming: request.toolArgumentStreaming === true,
    clientToolSearch: request.messages.some(
      (message) =>
        message.role === 'tool' &&
        message.content.some((result) => result.content.some((part) => part.type === 'tool-reference')),
    ),
    warnings,
  });
  warnPromptCache(
    request.promptCache,
    'Anthropic',
    'Mark the prompt with cacheBreakpoint (ttl "1h" for a longer life) instead.',
    warnings,
  );

  const body: AnthropicMessagesRequest = {
    model: options.model,
    max_tokens: request.maxOutputTokens ?? resolveDefaultMaxTokens(options),
    ...(system === undefined ? {} : { system }),
    messages,
    ...tools,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.topP === undefined ? {} : { top_p: request.topP }),
    ...(request.stopSequences === undefined ? {} : { stop_sequences: request.stopSequences }),
    ...(foreign.topK === undefined ? {} : { top_k: foreign.topK }),
    ...(options.stream === true ? { stream: true } : {}),
  };
  if (hosted.mcpServers.length > 0) {
    const given = Array.isArray(anthropicOptions.mcp_servers) ? anthropicOptions.mcp_servers : [];
    setOwnProperty(body, 'mcp_servers', [...given, ...hosted.mcpServers]);
  }
  if (hosted.container !== undefined) setOwnProperty(body, 'container', hosted.container);
  if (request.reasoning !== undefined || request.responseFormat !== undefined) {
    applyAnthropicSettings(request, body, { model: options.model, effortBudget: options.effortBudget }, warnings);
  }
  for (const [key, value] of Object.entries(anthropicOptions)) {
    if (handledOptionKeys.has(key)) continue;
    if (mergedOptionKeys.has(key) && Object.hasOwn(body, key)) continue;
    if (RESERVED_KEYS.has(key)) {
      warnings.push({
        type: 'unsupported',
        feature: `providerOptions.anthropic.${key}`,
        message: `\`${key}\` is set by the codec and cannot be overridden through providerOptions; it was ignored.`,
      });
    } else setOwnProperty(body, key, value);
  }
  limitAnthropicCacheControl(body, warnings);
  return { value: body, warnings };
}

// The system blocks kept by decodeRequest, when they still say what `system` says; else a warning.
function systemBlocks(
  system: string | undefined,
  blocks: JSONValue | undefined,
  warnings: Warning[],
): AnthropicTextBlockParam[] | undefined {
  if (blocks === undefined || system === undefined) return undefined;
  const valid =
    Array.isArray(blocks) &&
    blocks.length > 0 &&
    blocks.every(
      (block) =>
        typeof block === 'object' &&
        block !== null &&
        !Array.isArray(block) &&
        block.type === 'text' &&
        typeof block.text === 'string' &&
        block.text !== '',
    );
  if (valid && (blocks as { text: string }[]).map((block) => block.text).join('\n') === system) {
    return (blocks as JSONObject[]).map((block) => ({ ...block }) as unknown as AnthropicTextBlockParam);
  }
  warnings.push({
    type: 'unsupported',
    feature: 'providerOptions.anthropic.system',
    message:
      "Expected providerOptions.anthropic.system to be non-empty text blocks whose texts, joined by newlines, are the request's system prompt; they were not sent (the system prompt was).",
  });
  return undefined;
}

// System parts as text blocks, each with its breakpoint; empty ones are left out (a 400 otherwise).
function systemPartBlocks(parts: readonly TextPart[]): AnthropicTextBlockParam[] | string {
  const blocks: AnthropicTextBlockParam[] = [];
  for (const part of parts) {
    if (part.text === '') continue;
    const block: AnthropicTextBlockParam = { type: 'text', text: part.text };
    const cacheControl = toAnthropicCacheControl(part);
    if (cacheControl !== undefined) block.cache_control = cacheControl;
    blocks.push(block);
  }
  return blocks.length === 0 ? '' : blocks;
}

// Anthropic caches by breakpoint: a request-wide key or retention has no field to go to.
function resolveDefaultMaxTokens(options: AnthropicEncodeRequestOptions): number {
  const setting = options.defaultMaxTokens;
  const value = typeof setting === 'function' ? setting(options.model) : setting;
  return value ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
}
