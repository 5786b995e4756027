import type { ChatRequest, CodecResult, Warning } from '@interlingua/core';
import { renderToolReferences } from '@interlingua/core/adapter';
import { mapOpenAIForeignOptions } from '../openai-foreign-options';
import { applyOpenAIPromptCache } from '../openai-prompt-cache';
import { convertToOpenAIResponsesInput } from './convert-to-openai-responses-input';
import type { OpenAIResponsesRequestBody } from './openai-responses-api';
import { prepareOpenAIResponsesTools } from './openai-responses-prepare-tools';
import { defaultOpenAIEncryptedReasoning, type OpenAIResponsesEncodeRequestOptions } from './openai-responses-settings';
import { applyOpenAIResponsesProviderOptions } from './prepare-openai-responses-provider-options';
import { prepareOpenAIResponsesSettings } from './prepare-openai-responses-settings';

const ENCRYPTED_REASONING = 'reasoning.encrypted_content';

/**
 * Encodes an IR request as a Responses API body, statelessly: `system` → `instructions`, the
 * history → `input` items (see `convertToOpenAIResponsesInput`), `maxOutputTokens` →
 * `max_output_tokens`, `temperature`, `top_p`, `reasoning` → `reasoning.effort` / `summary`,
 * `responseFormat` → `text.format`, tools (with explicit `strict`) and tool choice;
 * `store: false` and, for reasoning models, `include: ['reasoning.encrypted_content']`, so the
 * reasoning of each turn comes back encrypted and is replayed from the history on the next one.
 * `stopSequences` has no Responses equivalent and becomes a warning. Other providers' options with
 * an equivalent are mapped (Anthropic's `disable_parallel_tool_use` → `parallel_tool_calls`), the
 * rest are warned about (`mapOpenAIForeignOptions`). `providerOptions.openai` is
 * applied last (see `applyOpenAIResponsesProviderOptions`): `reasoning`, `text`,
 * `parallel_tool_calls`, hosted `tools`, `store: true`, …
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create
 */
export function encodeOpenAIResponsesRequest(
  input: ChatRequest,
  options: OpenAIResponsesEncodeRequestOptions,
): CodecResult<OpenAIResponsesRequestBody> {
  const referenceWarnings: Warning[] = [];
  // The Responses codec sends no tool references (its tool search is not mapped): described as text.
  const request = renderToolReferences(input, 'The Responses API codec', referenceWarnings);
  const passthrough = request.providerOptions?.openai;
  const store = passthrough?.store === true;
  const converted = convertToOpenAIResponsesInput(request.messages, { store });
  const tools = prepareOpenAIResponsesTools(request.tools, request.toolChoice, options.strictTools ?? false);
  const warnings: Warning[] = [...referenceWarnings, ...converted.warnings, ...tools.warnings];

  const body: Record<string, unknown> = { model: options.model };
  if (request.system !== undefined) body.instructions = request.system;
  body.input = converted.input;
  if (tools.tools !== undefined) body.tools = tools.tools;
  if (tools.toolChoice !== undefined) body.tool_choice = tools.toolChoice;
  if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined) body.top_p = request.topP;
  if (request.stopSequences !== undefined) {
    warnings.push({
      type: 'unsupported',
      feature: 'stopSequences',
      message: 'The Responses API has no stop sequences; `stopSequences` was not sent.',
    });
  }
  if (request.reasoning !== undefined || request.responseFormat !== undefined) {
    Object.assign(body, prepareOpenAIResponsesSettings(request, warnings));
  }
  Object.assign(body, mapOpenAIForeignOptions(request, warnings, 'responses'));
  if (request.promptCache !== undefined) applyOpenAIPromptCache(body, request);
  body.store = false;
  if (!store && (options.encryptedReasoning ?? defaultOpenAIEncryptedReasoning(options.model)))
    body.include = [ENCRYPTED_REASONING];
  applyOpenAIResponsesProviderOptions(body, passthrough, warnings);
  if (options.stream === true) body.stream = true;
  // The keys written above are those of `ResponseCreateParams`, with the SDK's types.
  return { value: body as unknown as OpenAIResponsesRequestBody, warnings };
}
