// The wrapper

// Emulation formats (the built-in two, or your own as `emulation`)
export type { EmulationFormat, EmulationParser, EmulationParserOptions } from './emulation/emulation-format';
export { reactFormat } from './emulation/react-format';
export { tagFormat } from './emulation/tag-format';
// Prices
export { createPriceTable, type PriceTable } from './pricing/create-price-table';
export { costOf, pricingOf, registerPricing } from './pricing/default-price-table';
export type { PriceFigures, PriceRow } from './pricing/price-row';
// Capabilities: lookup, your own rows, isolated registries
export { capabilitiesOf } from './registry/capabilities-of';
export type { CapabilityOverrides, CapabilityRow, EmulationFormatName, ProviderApi } from './registry/capability-row';
export {
  type CapabilityRegistry,
  createCapabilityRegistry,
  type RegisterOptions,
  type ResolvedCapabilities,
  type ResolveOptions,
} from './registry/create-capability-registry';
export { isToolsUnsupportedError, toolsUnsupportedPatterns } from './registry/is-tools-unsupported-error';
export { registerCapabilities } from './registry/register-capabilities';
export { safeParseCapabilityRows } from './registry/safe-parse-capability-rows';
export { type WithCapabilitiesOptions, withCapabilities } from './with-capabilities';
