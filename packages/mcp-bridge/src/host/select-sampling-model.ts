import type { ChatModel } from '@interlingua/core';
import type { ModelPreferences } from '@modelcontextprotocol/client';

function priceOf(model: ChatModel): number | undefined {
  const pricing = model.pricing;
  return pricing === undefined || pricing === 'unknown' ? undefined : pricing.input + pricing.output;
}

// 0..1 per model: cheaper is better for cost (and, as the only signal there is, for speed);
// reasoning and a larger context window for intelligence. Unknown data scores in the middle.
function scores(models: readonly ChatModel[]) {
  const prices = models.map(priceOf);
  const known = prices.filter((price): price is number => price !== undefined);
  const [low, high] = [Math.min(...known), Math.max(...known)];
  const windows = models.map((model) =>
    typeof model.capabilities.contextWindow === 'number' ? model.capabilities.contextWindow : undefined,
  );
  const largest = Math.max(0, ...windows.map((window) => window ?? 0));
  return models.map((model, index) => {
    const price = prices[index];
    const cheapness = price === undefined ? 0.5 : high === low ? 1 : (high - price) / (high - low);
    const reasoning = model.capabilities.reasoning;
    const window = windows[index];
    const smarts =
      (reasoning === true ? 1 : reasoning === false ? 0 : 0.5) * 0.5 +
      (window === undefined || largest === 0 ? 0.5 : window / largest) * 0.5;
    return { cheapness, smarts };
  });
}

/**
 * Chooses the model for one `sampling/createMessage` from the host's models, as the spec asks
 * clients to read `modelPreferences`: the hints first, in order (a hint matches a model whose
 * `provider:modelId` contains it, ignoring case), then the priorities weighed against each
 * model's capability data (`reasoning`, `contextWindow`) and pricing, then the first model.
 * Models that cannot take images are passed over when the request holds one.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/client/sampling#model-preferences
 */
export function selectSamplingModel(
  models: readonly ChatModel[],
  preferences: ModelPreferences | undefined,
  needs: { imageInput: boolean },
): ChatModel | undefined {
  const usable = models.filter((model) => !needs.imageInput || model.capabilities.imageInput !== false);
  if (usable.length <= 1) return usable[0];
  for (const hint of preferences?.hints ?? []) {
    const name = hint.name?.toLowerCase();
    if (name === undefined || name === '') continue;
    const match = usable.find((model) => `${model.provider}:${model.modelId}`.toLowerCase().includes(name));
    if (match !== undefined) return match;
  }
  const cost = preferences?.costPriority ?? 0;
  const speed = preferences?.speedPriority ?? 0;
  const intelligence = preferences?.intelligencePriority ?? 0;
  if (cost + speed + intelligence === 0) return usable[0];
  const scored = scores(usable);
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  scored.forEach(({ cheapness, smarts }, index) => {
    const score = (cost + speed) * cheapness + intelligence * smarts;
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return usable[best];
}
