/**
 * `@interlingua/capabilities/internal`: helpers other Interlingua packages share (the umbrella's
 * model factory, the benchmarks). Unstable: no semver promise, may change in any release; an
 * application uses the root entry.
 *
 * @packageDocumentation
 */
export { lowerJsonSchema } from '../degrade/lower-json-schema';
export { defaultMaxTokensFromCapabilities } from '../registry/default-max-tokens-from-capabilities';
export { effortBudgetFromCapabilities } from '../registry/effort-budget-from-capabilities';
export { preferredApiFromCapabilities } from '../registry/preferred-api-from-capabilities';
export { suggestModelId } from '../registry/suggest-model-id';
export { toolResultMediaFromCapabilities } from '../registry/tool-result-media-from-capabilities';
