import type { CapabilityRow } from '../registry/capability-row';

const models = 'https://platform.openai.com/docs/models';

/**
 * OpenAI models. Limits from each model's page under https://platform.openai.com/docs/models;
 * schema features are those of non-strict function calling, whose `parameters` accept any JSON
 * Schema (strict mode is narrower). `api` says which API a plain `openai:` model string uses:
 * the Responses API for the reasoning models, for which OpenAI recommends it, and for the models
 * it alone serves; Chat Completions for the others.
 */
export const openaiCapabilities: CapabilityRow[] = [
  {
    match: 'openai:*',
    capabilities: {
      systemPrompt: 'native',
      toolChoice: ['auto', 'none', 'required', 'tool'],
      audioInput: false,
      // A `role: tool` message's content is text (string or text parts) in the chat reference.
      toolResultMedia: false,
      schema: { ref: true, anyOf: true, allOf: true, oneOf: true, additionalProperties: true, nullable: true },
    },
    // Function calling guide: tool_choice auto / none / required / a named function. Chat
    // Completions serves every model not listed below, as every OpenAI-compatible server does.
    api: 'chat-completions',
    source: 'https://platform.openai.com/docs/guides/function-calling',
  },
  {
    // json_schema response_format on gpt-4o (2024-08-06 and later), gpt-4o-mini, gpt-4.1, o-series and gpt-5.
    match: ['openai:gpt-4o*', 'openai:gpt-4.1*', 'openai:gpt-5*', 'openai:o1*', 'openai:o3*', 'openai:o4*'],
    capabilities: { structuredOutput: 'native' },
    source: 'https://platform.openai.com/docs/guides/structured-outputs#supported-models',
  },
  {
    // Older models have JSON mode only (`json_object`), no schema: answered through a forced tool.
    match: ['openai:gpt-3.5-turbo*', 'openai:gpt-4', 'openai:gpt-4-*', 'openai:gpt-4o-2024-05-13'],
    capabilities: { structuredOutput: 'tool' },
    source: 'https://platform.openai.com/docs/guides/structured-outputs#structured-outputs-vs-json-mode',
  },
  {
    // reasoning_effort minimal / low / medium / high; medium when left out.
    match: 'openai:gpt-5*',
    capabilities: {
      reasoningControl: { type: 'effort', levels: ['minimal', 'low', 'medium', 'high'], default: 'medium' },
    },
    source: 'https://platform.openai.com/docs/guides/reasoning#get-started-with-reasoning',
  },
  {
    // o-series: reasoning_effort low / medium / high (no minimal); medium when left out.
    match: ['openai:o1*', 'openai:o3*', 'openai:o4*'],
    capabilities: { reasoningControl: { type: 'effort', levels: ['low', 'medium', 'high'], default: 'medium' } },
    source: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-reasoning_effort',
  },
  {
    // o1-mini and o1-preview predate reasoning_effort.
    match: ['openai:o1-mini*', 'openai:o1-preview*'],
    capabilities: { reasoningControl: 'unknown', structuredOutput: 'none' },
    source: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-reasoning_effort',
  },
  {
    // Reasoning models keep their reasoning items across turns only through the Responses API
    // (better tool use, fewer reasoning tokens), which OpenAI recommends for them.
    match: ['openai:gpt-5*', 'openai:o1*', 'openai:o3*', 'openai:o4*', 'openai:codex*'],
    capabilities: {},
    api: 'responses',
    source: 'https://cookbook.openai.com/examples/responses_api/reasoning_items',
  },
  {
    // Served by the Responses API only (the `ResponsesModel` list of the API reference).
    match: ['openai:*-pro*', 'openai:*codex*', 'openai:*deep-research*', 'openai:computer-use*'],
    capabilities: {},
    api: 'responses',
    source: 'https://platform.openai.com/docs/api-reference/responses/create#responses-create-model',
  },
  {
    // Not reasoning models (the ChatGPT snapshots), or not in the Responses API (o1-mini, o1-preview).
    match: ['openai:gpt-5-chat*', 'openai:o1-mini*', 'openai:o1-preview*'],
    capabilities: {},
    api: 'chat-completions',
    source: `${models}/gpt-5-chat-latest`,
  },
  {
    match: 'openai:gpt-3.5-turbo*',
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: true,
      imageInput: false,
      contextWindow: 16_385,
      maxOutputTokens: 4096,
      reasoning: false,
    },
    source: `${models}/gpt-3.5-turbo`,
  },
  {
    // A completions-only model: no chat, no tools.
    match: 'openai:gpt-3.5-turbo-instruct*',
    capabilities: { toolCalling: 'none', parallelToolCalls: false, contextWindow: 4096, maxOutputTokens: 4096 },
    source: `${models}/gpt-3.5-turbo-instruct`,
  },
  {
    match: 'openai:gpt-4*',
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: true,
      imageInput: false,
      contextWindow: 8192,
      maxOutputTokens: 8192,
      reasoning: false,
    },
    source: `${models}/gpt-4`,
  },
  {
    match: 'openai:gpt-4-turbo*',
    capabilities: { imageInput: true, contextWindow: 128_000, maxOutputTokens: 4096 },
    source: `${models}/gpt-4-turbo`,
  },
  {
    match: 'openai:gpt-4o*',
    capabilities: { imageInput: true, contextWindow: 128_000, maxOutputTokens: 16_384 },
    source: `${models}/gpt-4o`,
  },
  {
    // The first gpt-4o snapshot kept the older 4,096-token output limit.
    match: 'openai:gpt-4o-2024-05-13',
    capabilities: { maxOutputTokens: 4096 },
    source: `${models}/gpt-4o`,
  },
  {
    match: 'openai:gpt-4o-mini*',
    capabilities: { imageInput: true, contextWindow: 128_000, maxOutputTokens: 16_384 },
    source: `${models}/gpt-4o-mini`,
  },
  {
    match: ['openai:gpt-4o-audio*', 'openai:gpt-4o-mini-audio*'],
    capabilities: { audioInput: true },
    source: `${models}/gpt-4o-audio-preview`,
  },
  {
    match: 'openai:gpt-4.1*',
    capabilities: { imageInput: true, contextWindow: 1_047_576, maxOutputTokens: 32_768 },
    source: `${models}/gpt-4.1`,
  },
  {
    match: 'openai:gpt-5*',
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: true,
      imageInput: true,
      contextWindow: 400_000,
      maxOutputTokens: 128_000,
      reasoning: true,
    },
    source: `${models}/gpt-5`,
  },
  {
    // The ChatGPT snapshot: smaller limits, no reasoning; tool support not stated on its page.
    match: 'openai:gpt-5-chat*',
    capabilities: {
      toolCalling: 'unknown',
      parallelToolCalls: 'unknown',
      contextWindow: 128_000,
      maxOutputTokens: 16_384,
      reasoning: false,
      reasoningControl: 'unknown',
    },
    source: `${models}/gpt-5-chat-latest`,
  },
  {
    // Reasoning models reject `parallel_tool_calls` in some snapshots (o4-mini: "Unsupported
    // parameter"), so whether they call tools in parallel is left unknown.
    match: ['openai:o1*', 'openai:o3*', 'openai:o4*'],
    capabilities: {
      toolCalling: 'native',
      parallelToolCalls: 'unknown',
      imageInput: true,
      contextWindow: 200_000,
      maxOutputTokens: 100_000,
      reasoning: true,
    },
    source: `${models}/o3`,
  },
  {
    // o1-mini and o1-preview answer "tools is not supported in this model" and take no system message.
    match: 'openai:o1-mini*',
    capabilities: {
      toolCalling: 'none',
      parallelToolCalls: false,
      systemPrompt: 'merge-into-user',
      imageInput: false,
      contextWindow: 128_000,
      maxOutputTokens: 65_536,
    },
    source: `${models}/o1-mini`,
  },
  {
    match: 'openai:o1-preview*',
    capabilities: {
      toolCalling: 'none',
      parallelToolCalls: false,
      systemPrompt: 'merge-into-user',
      imageInput: false,
      contextWindow: 128_000,
      maxOutputTokens: 32_768,
    },
    source: `${models}/o1-preview`,
  },
  {
    match: 'openai:o3-mini*',
    capabilities: { imageInput: false },
    source: `${models}/o3-mini`,
  },
];
