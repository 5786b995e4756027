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
export type {
  OpenAIResponsesInputItem,
  OpenAIResponsesOutputItem,
  OpenAIResponsesRequestBody,
  OpenAIResponsesResponseBody,
  OpenAIResponsesStreamEvent,
} from './responses/openai-responses-api';
export { type OpenAIResponsesCodec, openaiResponsesCodec } from './responses/openai-responses-codec';
export { OpenAIResponsesModel, type OpenAIResponsesModelConfig } from './responses/openai-responses-model';
export { INTERLINGUA_REASONING_PREFIX } from './responses/openai-responses-reasoning';
export {
  defaultOpenAIEncryptedReasoning,
  type OpenAIResponsesEncodeRequestOptions,
  type OpenAIResponsesEncodeResponseOptions,
  type OpenAIResponsesSettings,
} from './responses/openai-responses-settings';
