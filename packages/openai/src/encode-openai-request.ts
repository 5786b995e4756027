import { type ChatRequest, type CodecResult, setOwnProperty, type Warning } from '@interlingua/core';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { convertToOpenAIMessages } from './convert-to-openai-messages';
import type { OpenAIChatRequestBody } from './openai-api';
import { defaultOpenAISystemRole, type OpenAIEncodeRequestOptions } from './openai-compat';
import { mapOpenAIForeignOptions } from './openai-foreign-options';
import { prepareOpenAITools } from './openai-prepare-tools';
import { prepareOpenAISettings } from './prepare-openai-settings';

// Keys `providerOptions.openai` may not override: they are what the codec itself encodes.
const RESERVED_KEYS = new Set(['model', 'messages', 'stream', 'stream_options']);

/**
 * Encodes an IR request as a Chat Completions body: system prompt as the first message,
 * `maxOutputTokens` → `max_completion_tokens` (or `max_tokens`), `stopSequences` → `stop`,
 * `reasoning` → `reasoning_effort`, `responseFormat` → `response_format`,
 * tools and tool choice, and `stream_options.include_usage` for streams. Keys of
 * `providerOptions.openai` (such as `parallel_tool_calls`, `reasoning_effort`, `seed`) are
 * copied into the body verbatim. Other providers' options with an equivalent are mapped
 * (`anthropic.disable_parallel_tool_use`, `gemini.seed`); every other one is a warning
 * (`mapOpenAIForeignOptions`).
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */
export function encodeOpenAIRequest(
  request: ChatRequest,
  options: OpenAIEncodeRequestOptions,
): CodecResult<OpenAIChatRequestBody> {
  const converted = convertToOpenAIMessages(
    request.system,
    request.messages,
    options.systemRole ?? defaultOpenAISystemRole(options.model),
    { sendReasoningContent: options.sendReasoningContent ?? false },
  );
  const tools = prepareOpenAITools(request.tools, request.toolChoice, options.strictTools ?? false);
  const warnings: Warning[] = [...converted.warnings, ...tools.warnings];
  const body: OpenAIChatRequestBody = { model: options.model, messages: converted.messages };
  if (tools.tools !== undefined) body.tools = tools.tools;
  if (tools.toolChoice !== undefined) body.tool_choice = tools.toolChoice;
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

  const passthrough = request.providerOptions?.openai;
  if (passthrough !== undefined) {
    const target = body as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(passthrough)) {
      if (RESERVED_KEYS.has(key)) {
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
