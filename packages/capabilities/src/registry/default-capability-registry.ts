import { type CapabilityRegistry, createCapabilityRegistry } from './create-capability-registry';

/** The process-wide registry that `capabilitiesOf`, `registerCapabilities` and `withCapabilities` use by default. */
export const defaultCapabilityRegistry: CapabilityRegistry = createCapabilityRegistry();
