export { createOpenAI, type OpenAIModelOptions, type OpenAIProvider, type OpenAISettings } from './create-openai';
export { mapOpenAIError } from './map-openai-error';
export type {
  OpenAIChatChunk,
  OpenAIChatMessage,
  OpenAIChatRequestBody,
  OpenAIChatResponseBody,
  OpenAIChatTool,
  OpenAIChatToolChoice,
} from './openai-api';
export { OpenAIChatModel, type OpenAIChatModelConfig } from './openai-chat-model';
export { type OpenAICodec, openaiCodec } from './openai-codec';
export {
  defaultOpenAISystemRole,
  type OpenAICompatSettings,
  type OpenAIEncodeRequestOptions,
  type OpenAIEncodeResponseOptions,
} from './openai-compat';
export { OPENAI_TOOL_ERROR_PREFIX } from './openai-tool-error-text';
