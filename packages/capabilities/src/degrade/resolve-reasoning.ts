import type { ChatRequest, ModelCapabilities, ReasoningEffort, ReasoningSettings, Warning } from '@interlingua/core';
import { effortForBudget } from '@interlingua/core/adapter';

const ORDER: readonly ReasoningEffort[] = ['minimal', 'low', 'medium', 'high'];

/**
 * Fits `request.reasoning` to the model's capability data, so the codec gets a setting the
 * model takes: a model that does not reason loses it (with a warning, unless it only asked for
 * none); a level-controlled model gets an effort among its levels (a budget alone becomes the
 * nearest level); a budget-controlled model gets `budgetTokens` (an effort alone becomes the
 * model's budget for it), clamped to the model's range. Approximations are warnings; with
 * `'unknown'` data the request passes unchanged.
 */
export function resolveReasoning(
  request: ChatRequest,
  capabilities: Pick<ModelCapabilities, 'reasoning' | 'reasoningControl'>,
  warnings: Warning[],
): ChatRequest {
  const reasoning = request.reasoning;
  if (reasoning === undefined) return request;
  const { reasoning: _reasoning, ...rest } = request;
  const off = reasoning.effort === undefined && reasoning.budgetTokens === 0;
  if (capabilities.reasoning === false) {
    if (!off) {
      warnings.push({
        type: 'unsupported',
        feature: 'reasoning',
        message: 'This model does not reason; the reasoning setting was not sent.',
      });
    }
    return rest;
  }
  const control = capabilities.reasoningControl;
  if (control === 'unknown') return request;
  const next: ReasoningSettings = { ...reasoning };
  if (control.type === 'effort') {
    if (off) {
      warnings.push({
        type: 'unsupported',
        feature: 'reasoning.budgetTokens',
        message: `This model's reasoning cannot be turned off (it takes ${control.levels.join(', ')}); the lowest level, "${control.levels[0]}", was sent.`,
      });
      next.effort = control.levels[0] as ReasoningEffort;
    } else if (next.effort === undefined && next.budgetTokens !== undefined) {
      next.effort = effortForBudget(next.budgetTokens, { levels: control.levels });
      warnings.push({
        type: 'degraded',
        feature: 'reasoning.budgetTokens',
        message: `This model takes an effort level, not a budget; budgetTokens ${next.budgetTokens} became effort "${next.effort}".`,
      });
    } else if (next.effort !== undefined && !control.levels.includes(next.effort)) {
      const wanted = next.effort;
      next.effort = nearestLevel(wanted, control.levels);
      warnings.push({
        type: 'degraded',
        feature: 'reasoning.effort',
        message: `This model takes effort ${control.levels.join(', ')}; "${wanted}" was sent as "${next.effort}".`,
      });
    }
    delete next.budgetTokens;
    return { ...rest, reasoning: next };
  }
  if (next.budgetTokens === undefined && next.effort !== undefined)
    next.budgetTokens = control.effortBudgets[next.effort];
  const budget = next.budgetTokens;
  if (budget !== undefined) {
    let fitted = Math.min(Math.max(budget, control.min), control.max);
    if (budget === 0 && control.canDisable) fitted = 0;
    if (fitted !== budget) {
      warnings.push({
        type: 'degraded',
        feature: 'reasoning.budgetTokens',
        message:
          budget === 0
            ? `This model's thinking cannot be turned off; the smallest budget, ${control.min}, was sent.`
            : `This model takes a thinking budget of ${control.min}-${control.max} tokens; ${budget} was sent as ${fitted}.`,
      });
      next.budgetTokens = fitted;
    }
  }
  return { ...rest, reasoning: next };
}

function nearestLevel(wanted: ReasoningEffort, levels: readonly ReasoningEffort[]): ReasoningEffort {
  const index = ORDER.indexOf(wanted);
  let best = levels[0] as ReasoningEffort;
  for (const level of levels) {
    if (Math.abs(ORDER.indexOf(level) - index) < Math.abs(ORDER.indexOf(best) - index)) best = level;
  }
  return best;
}
