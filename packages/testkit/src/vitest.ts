// `@interlingua/testkit/vitest`: the helpers that register vitest tests. The root entry never
// imports vitest, so `startProviderServer`, `scriptedModel` and the fixtures work anywhere.
export { type ConformanceOptions, runCodecConformance } from './run-codec-conformance';
export { type HostedToolConformanceOptions, runHostedToolConformance } from './run-hosted-tool-conformance';
export {
  runTransportConformance,
  type TransportCaseSettings,
  type TransportConformanceOptions,
  type TransportName,
} from './run-transport-conformance';
