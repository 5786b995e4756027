// Shipped data
export { anthropicCapabilities } from './data/anthropic-capabilities';
export { anthropicPrices } from './data/anthropic-prices';
export { bedrockCapabilities } from './data/bedrock-capabilities';
export { geminiCapabilities } from './data/gemini-capabilities';
export { geminiPrices } from './data/gemini-prices';
export { openModelCapabilities } from './data/open-model-capabilities';
export { openaiCapabilities } from './data/openai-capabilities';
export { openaiPrices } from './data/openai-prices';
export { shippedCapabilities } from './data/shipped-capabilities';
export { shippedPrices } from './data/shipped-prices';
// Degradation
export { type DegradeRequestOptions, degradeRequest } from './degrade/degrade-request';
export { lowerJsonSchema } from './degrade/lower-json-schema';
export { resolveReasoning } from './degrade/resolve-reasoning';
// Emulation
export { createReActParser } from './emulation/create-react-parser';
export { createTagParser } from './emulation/create-tag-parser';
export { type DecodeEmulatedStreamOptions, decodeEmulatedStream } from './emulation/decode-emulated-stream';
export {
  ANSWER_TOOL_NAME,
  answerFromToolCall,
  answerStreamFromToolCall,
  emulateResponseFormat,
  type ResponseFormatEmulation,
} from './emulation/emulate-response-format';
export type { EmulationFormat, EmulationParser, EmulationParserOptions } from './emulation/emulation-format';
export { type EncodeEmulatedRequestOptions, encodeEmulatedRequest } from './emulation/encode-emulated-request';
export { parseEmulatedArguments } from './emulation/parse-emulated-arguments';
export { parseTagCall } from './emulation/parse-tag-call';
export { reactFormat } from './emulation/react-format';
export { tagFormat } from './emulation/tag-format';
// Prices
export { createPriceTable, type PriceTable } from './pricing/create-price-table';
export { costOf, defaultPriceTable, pricingOf, registerPricing } from './pricing/default-price-table';
export type { PriceFigures, PriceRow } from './pricing/price-row';
export { priceRowSchema } from './pricing/price-row-schema';
// Registry
export { capabilitiesOf } from './registry/capabilities-of';
export type { CapabilityOverrides, CapabilityRow, EmulationFormatName, ProviderApi } from './registry/capability-row';
export { capabilityOverridesSchema, capabilityRowSchema } from './registry/capability-row-schema';
export { compileModelPattern, type ModelPattern } from './registry/compile-model-pattern';
export {
  type CapabilityRegistry,
  createCapabilityRegistry,
  type RegisterOptions,
  type ResolvedCapabilities,
  type ResolveOptions,
} from './registry/create-capability-registry';
export { defaultCapabilityRegistry } from './registry/default-capability-registry';
export { defaultMaxTokensFromCapabilities } from './registry/default-max-tokens-from-capabilities';
export { effortBudgetFromCapabilities } from './registry/effort-budget-from-capabilities';
export { isToolsUnsupportedError, toolsUnsupportedPatterns } from './registry/is-tools-unsupported-error';
export { mergeCapabilities } from './registry/merge-capabilities';
export { preferredApiFromCapabilities } from './registry/preferred-api-from-capabilities';
export { registerCapabilities } from './registry/register-capabilities';
export { safeParseCapabilityRows } from './registry/safe-parse-capability-rows';
export { suggestModelId } from './registry/suggest-model-id';
export { toolResultMediaFromCapabilities } from './registry/tool-result-media-from-capabilities';
export { unknownCapabilities } from './registry/unknown-capabilities';
// The wrapper
export { type WithCapabilitiesOptions, withCapabilities } from './with-capabilities';
