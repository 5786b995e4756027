import type { Principal } from '../auth/create-authenticator';
import { GatewayError } from '../errors/gateway-error';
import type { BackendPricer } from '../observability/create-backend-pricer';
import type { ModelPlan } from '../router/create-model-table';

/**
 * The plan a key may use: unchanged, unless the key's `usd` budget says `unpriced: "refuse"` —
 * then backends without a known price are left out (their fallbacks that have one still serve),
 * and a plan with none left is refused with a 403 naming the backends and the fix.
 */
export function pricedPlan(plan: ModelPlan, principal: Principal, pricer: BackendPricer): ModelPlan {
  if (principal.kind !== 'key') return plan;
  const budget = principal.key.budget;
  if (budget?.usd === undefined || budget.unpriced !== 'refuse') return plan;
  const candidates = plan.candidates.filter((candidate) => pricer.isPriced(candidate));
  if (candidates.length === plan.candidates.length) return plan;
  if (candidates.length === 0) {
    throw new GatewayError({
      type: 'permission',
      message: `The key "${principal.name}" has a $${budget.usd} budget that refuses backends without a known price, and ${plan.candidates.map((candidate) => candidate.backend).join(', ')} (serving "${plan.name}") ${plan.candidates.length === 1 ? 'has' : 'have'} none. Set models.<name>.price for it, or use another model.`,
    });
  }
  return { ...plan, candidates, contextWindow: plan.contextWindow.filter((candidate) => pricer.isPriced(candidate)) };
}
