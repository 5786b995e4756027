import type { ReasoningEffort } from '@interlingua/core';
import type { CapabilityRegistry } from './create-capability-registry';
import { defaultCapabilityRegistry } from './default-capability-registry';

/**
 * An `effortBudget` setting for a provider whose API takes a thinking budget (Anthropic): the
 * budget the capability data gives the model for an effort level, or `undefined` when the data
 * states none (the adapter then uses `DEFAULT_EFFORT_BUDGETS`).
 *
 * @example
 * const anthropic = createAnthropic({ effortBudget: effortBudgetFromCapabilities('anthropic') });
 */
export function effortBudgetFromCapabilities(
  provider: string,
  options: { registry?: CapabilityRegistry } = {},
): (modelId: string, effort: ReasoningEffort) => number | undefined {
  const registry = options.registry ?? defaultCapabilityRegistry;
  return (modelId, effort) => {
    const control = registry.capabilitiesOf(`${provider}:${modelId}`).reasoningControl;
    return control !== 'unknown' && control.type === 'budget' ? control.effortBudgets[effort] : undefined;
  };
}
