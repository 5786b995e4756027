export { AnthropicChatModel, type AnthropicChatModelConfig } from './anthropic-chat-model';
export { type AnthropicCodec, anthropicCodec } from './anthropic-codec';
export { type AnthropicServerBlockAt, UNPARSED_ARGUMENTS_KEY } from './anthropic-replay';
export { type AnthropicProvider, type AnthropicProviderSettings, createAnthropic } from './create-anthropic';
export { ANTHROPIC_DEFAULT_MAX_TOKENS, type AnthropicEncodeRequestOptions } from './encode-anthropic-request';
export { ANTHROPIC_FALLBACK_MESSAGE_ID, type AnthropicMessageBody } from './encode-anthropic-response';
export type { AnthropicEncodeStreamOptions, AnthropicStreamChunk } from './encode-anthropic-stream';
export { isRetryableAnthropicErrorType } from './is-retryable-anthropic-error-type';
export { mapAnthropicError } from './map-anthropic-error';
export {
  convertToAnthropicFinishReason,
  mapAnthropicStopReason,
  mapFinishReasonToAnthropic,
} from './map-anthropic-stop-reason';
