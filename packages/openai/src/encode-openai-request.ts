import {
  type ChatRequest,
  type CodecResult,
  functionToolsOf,
  InvalidRequestError,
  type JSONValue,
  type Warning,
} from '@interlingua/core';
import { renderToolReferences, setOwnProperty } from '@interlingua/core/adapter';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { convertToOpenAIMessages } from './convert-to-openai-messages';
import type { OpenAIChatRequestBody } from './openai-api';
import { prepareOpenAIChatHostedTools } from './openai-chat-hosted-tools';
import { defaultOpenAISystemRole, type OpenAIEncodeRequestOptions } from './openai-compat';
import { mapOpenAIForeignOptions } from './openai-foreign-options';
import { prepareOpenAITools } from './openai-prepare-tools';
import { applyOpenAIPromptCache } from './openai-prompt-cache';
import { prepareOpenAISettings } from './prepare-openai-settings';

// Keys `providerOptions.openai` may never set: the codec owns them, whether or not this request
// uses them (a `tools` of hosted tools must not replace, or stand in for, the function tools).
const RESERVED_KEYS = new Set([
  'model',
  'messages',
  'tools',
  'tool_choice',
  'functions',
  'function_call',
  'max_tokens',
  'max_completion_tokens',
  'stream',
  'stream_options',
]);

/**
 * Encodes an IR request as a Chat Completions body: system prompt as the first message,
 * `maxOutputTokens` → `max_completion_tokens` (or `max_tokens`), `stopSequences` → `stop`,
 * `reasoning` → `reasoning_effort`, `responseFormat` → `response_format`,
 * tools and tool choice, and `stream_options.include_usage` for streams. Keys of
 * `providerOptions.openai` (such as `parallel_tool_calls`, `reasoning_effort`, `seed`) are
 * copied into the body verbatim, but never over a field the codec wrote or owns (`model`,
 * `messages`, `tools`, `tool_choice`, the token limits, the stream flags): such a key is left out
 * with a warning. Hosted tools (`providerOptions.openai.tools`, from a Responses request) cannot
 * run on Chat Completions and are left out with a warning; a hosted `tool_choice` that requires
 * one is an `InvalidRequestError`. Other providers' options with an equivalent are mapped
 * (`anthropic.disable_parallel_tool_use`, `gemini.seed`); every other one is a warning
 * (`mapOpenAIForeignOptions`).
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */
export function encodeOpenAIRequest(
  input: ChatRequest,
  options: OpenAIEncodeRequestOptions,
): CodecResult<OpenAIChatRequestBody> {
  const referenceWarnings: Warning[] = [];
  // Chat Completions has no tool references: the referenced tools are described as text.
  const request = renderToolReferences(input, 'Chat Completions', referenceWarnings);
  const converted = convertToOpenAIMessages(
    request.system,
    request.messages,
    options.systemRole ?? defaultOpenAISystemRole(options.model),
    { sendReasoningContent: options.sendReasoningContent ?? false },
  );
  const tools = prepareOpenAITools(functionToolsOf(request.tools), request.toolChoice, options.strictTools ?? false);
  const warnings: Warning[] = [...referenceWarnings, ...converted.warnings, ...tools.warnings];
  const hosted = prepareOpenAIChatHostedTools(request.tools, options.model, warnings);
  const body: OpenAIChatRequestBody = { model: options.model, messages: converted.messages };
  if (tools.tools !== undefined) body.tools = tools.tools;
  if (tools.toolChoice !== undefined) body.tool_choice = tools.toolChoice;
  if (hosted.webSearchOptions !== undefined) body.web_search_options = hosted.webSearchOptions;
  if (request.maxOutputTokens !== undefined)
    body[options.maxTokensField ?? 'max_completion_tokens'] = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.stopSequences !== undefined) body.stop = request.stopSequences;
  const foreign = mapOpenAIForeignOptions(request, warnings);
  if (foreign.parallel_tool_calls !== undefined) body.parallel_tool_calls = foreign.parallel_tool_calls;
  if (foreign.seed !== undefined) body.seed = foreign.seed;
  if (request.reasoning !== undefined || request.responseFormat !== undefined) {
    Object.assign(body, prepareOpenAISettings(request, warnings, options.reasoningField));
  }
  if (request.promptCache !== undefined) applyOpenAIPromptCache(body as unknown as Record<string, unknown>, request);

  const passthrough = request.providerOptions?.openai;
  if (passthrough !== undefined) {
    const target = body as unknown as Record<string, unknown>;
    rejectHostedToolChoice(passthrough.tool_choice);
    for (const [key, value] of Object.entries(passthrough)) {
      if (key === 'tools') {
        warnings.push(hostedToolsWarning(value));
      } else if (RESERVED_KEYS.has(key) || Object.hasOwn(target, key)) {
        warnings.push({
          type: 'unsupported',
          feature: `providerOptions.openai.${key}`,
          message: `\`${key}\` is set by the codec and cannot be overridden through providerOptions; it was ignored.`,
        });
      } else setOwnProperty(target, key, value);
    }
  }
  if (options.stream === true) {
    const streaming = body as unknown as ChatCompletionCreateParamsStreaming;
    streaming.stream = true;
    if (options.streamUsage ?? true) streaming.stream_options = { include_usage: true };
  }
  return { value: body, warnings };
}

// Hosted tools (`web_search`, `file_search`, …) run on OpenAI's side, in the Responses API only.
function hostedToolsWarning(tools: JSONValue | undefined): Warning {
  const types = (Array.isArray(tools) ? tools : [tools]).map((tool) =>
    typeof tool === 'object' && tool !== null && !Array.isArray(tool) && typeof tool.type === 'string'
      ? tool.type
      : typeof tool,
  );
  return {
    type: 'unsupported',
    feature: 'providerOptions.openai.tools',
    message: `Hosted tools (${[...new Set(types)].join(', ')}) run only on OpenAI's Responses API; a Chat Completions model cannot run them, so they were left out.`,
  };
}

// The `tool_choice` types that name a tool the client runs (every other type names a hosted tool).
const CLIENT_TOOL_CHOICES = new Set(['function', 'custom', 'allowed_tools']);

// A `tool_choice` that requires a hosted tool cannot be honoured without it: refused, not ignored.
function rejectHostedToolChoice(choice: JSONValue | undefined): void {
  const type = typeof choice === 'object' && choice !== null && !Array.isArray(choice) ? choice.type : undefined;
  if (typeof type !== 'string' || CLIENT_TOOL_CHOICES.has(type)) return; // a reserved key: warned about below
  throw new InvalidRequestError({
    message: `Expected a tool_choice a Chat Completions model can honour, got one that requires the hosted tool ${JSON.stringify(type.slice(0, 64))}: hosted tools run only on OpenAI's Responses API.`,
  });
}
