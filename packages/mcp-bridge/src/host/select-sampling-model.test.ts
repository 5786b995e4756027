import type { ModelPricing } from '@interlingua/core';
import { scriptedModel } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { selectSamplingModel } from './select-sampling-model';

const price = (input: number, output: number): ModelPricing => ({ input, output, source: 'test', read: '2026-12-01' });
const priced = (id: string, pricing: ModelPricing, capabilities = {}) =>
  Object.assign(scriptedModel([], { provider: 'p', modelId: id, capabilities }), { pricing });

const cheap = priced('small', price(0.1, 0.4), { reasoning: false, contextWindow: 128_000 });
const smart = priced('large', price(3, 15), { reasoning: true, contextWindow: 1_000_000 });

describe('selectSamplingModel', () => {
  it('takes the first hint that matches provider:modelId, in hint order, ignoring case', () => {
    const chosen = selectSamplingModel(
      [cheap, smart],
      { hints: [{ name: 'nothing' }, { name: 'P:LARGE' }, { name: 'small' }] },
      {
        imageInput: false,
      },
    );
    expect(chosen).toBe(smart);
  });

  it('weighs cost against intelligence from pricing and capability data', () => {
    expect(selectSamplingModel([smart, cheap], { costPriority: 1 }, { imageInput: false })).toBe(cheap);
    expect(selectSamplingModel([cheap, smart], { intelligencePriority: 1 }, { imageInput: false })).toBe(smart);
    expect(
      selectSamplingModel([cheap, smart], { speedPriority: 0.9, intelligencePriority: 0.2 }, { imageInput: false }),
    ).toBe(cheap);
  });

  it('falls back to the first model without preferences, and skips models without image input when needed', () => {
    expect(selectSamplingModel([smart, cheap], undefined, { imageInput: false })).toBe(smart);
    const blind = priced('blind', price(1, 1), { imageInput: false });
    expect(selectSamplingModel([blind, cheap], { hints: [{ name: 'blind' }] }, { imageInput: true })).toBe(cheap);
    expect(selectSamplingModel([blind], undefined, { imageInput: true })).toBeUndefined();
  });
});
