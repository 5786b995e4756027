export { BedrockChatModel, type BedrockChatModelConfig } from './bedrock-chat-model';
export { type BedrockCodec, bedrockCodec } from './bedrock-codec';
export { BEDROCK_UNPARSED_ARGUMENTS_KEY, convertToBedrockToolUseId, toBedrockToolUseId } from './bedrock-tool-use';
export { type BedrockProvider, type BedrockProviderSettings, createBedrock } from './create-bedrock';
export type { BedrockConverseResponseBody } from './encode-bedrock-response';
export type { BedrockStreamChunk } from './encode-bedrock-stream';
export { type BedrockAbortContext, mapBedrockError } from './map-bedrock-error';
export {
  convertToBedrockFinishReason,
  mapBedrockStopReason,
  mapFinishReasonToBedrock,
} from './map-bedrock-stop-reason';
