export { createGemini, type GeminiProvider, type GeminiSettings } from './create-gemini';
export type { GeminiDecodeOptions } from './decode-gemini-response';
export { GeminiChatModel, type GeminiChatModelConfig } from './gemini-chat-model';
export { type GeminiCodec, geminiCodec } from './gemini-codec';
export { readThoughtSignature } from './gemini-thought-signature';
export {
  createGenerativeAITransport,
  type GeminiTransport,
  type GeminiTransportCallOptions,
  type GenerativeAITransportSettings,
} from './generative-ai-transport';
export { type LoweredGeminiSchema, lowerJsonSchemaForGemini } from './lower-json-schema-for-gemini';
export { mapGeminiFinishReason } from './map-gemini-finish-reason';
export { mapGenerativeAIError } from './map-generative-ai-error';
export { type GeminiCallIdSeed, isSynthesizedGeminiCallId, synthesizeGeminiCallId } from './synthesize-gemini-call-id';
