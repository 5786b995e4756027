import type { CapabilityOverrides } from './capability-row';
import type { RegisterOptions } from './create-capability-registry';
import { defaultCapabilityRegistry } from './default-capability-registry';

/**
 * States capabilities for every model matching a `provider:model` glob, in the default registry.
 * Later registrations win over earlier ones and over the shipped data. Throws
 * `InvalidSettingError` when `capabilities` is not valid capability data.
 *
 * @example
 * registerCapabilities('ollama:my-finetune*', { toolCalling: 'none', contextWindow: 8192 }, { emulation: 'tags' });
 */
export function registerCapabilities(
  match: string | readonly string[],
  capabilities: CapabilityOverrides,
  options?: RegisterOptions,
): void {
  defaultCapabilityRegistry.register(match, capabilities, options);
}
