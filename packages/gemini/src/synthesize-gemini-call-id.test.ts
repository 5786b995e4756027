import { describe, expect, it } from 'vitest';
import { isSynthesizedGeminiCallId, synthesizeGeminiCallId } from './synthesize-gemini-call-id';

describe('synthesizeGeminiCallId', () => {
  const seed = { responseId: 'Hl4raOXAMtO0nvgP3eGOoQc', name: 'get_weather', args: { city: 'Paris' }, index: 0 };

  it('is stable, shaped for every provider, and recognisable', () => {
    const id = synthesizeGeminiCallId(seed);
    expect(synthesizeGeminiCallId({ ...seed })).toBe(id);
    expect(id).toMatch(/^gemini-[0-9a-f]{16}-0$/);
    expect(id.length).toBeLessThanOrEqual(40);
    expect(isSynthesizedGeminiCallId(id)).toBe(true);
    expect(isSynthesizedGeminiCallId('call_abc123')).toBe(false);
  });

  it('differs by response, by position, and (without a responseId) by arguments, whatever their key order', () => {
    const id = synthesizeGeminiCallId(seed);
    expect(synthesizeGeminiCallId({ ...seed, responseId: 'other' })).not.toBe(id);
    expect(synthesizeGeminiCallId({ ...seed, index: 1 })).not.toBe(id);
    const a = synthesizeGeminiCallId({ responseId: undefined, name: 'f', args: { x: 1, y: 2 }, index: 0 });
    expect(synthesizeGeminiCallId({ responseId: undefined, name: 'f', args: { y: 2, x: 1 }, index: 0 })).toBe(a);
    expect(synthesizeGeminiCallId({ responseId: undefined, name: 'f', args: { x: 2, y: 2 }, index: 0 })).not.toBe(a);
  });

  it('steps past reserved ids, deterministically', () => {
    const first = synthesizeGeminiCallId(seed);
    const next = synthesizeGeminiCallId(seed, new Set([first]));
    expect(next).not.toBe(first);
    expect(isSynthesizedGeminiCallId(next)).toBe(true);
    expect(synthesizeGeminiCallId(seed, new Set([first]))).toBe(next);
    expect(synthesizeGeminiCallId(seed, new Set([first, next]))).not.toBe(next);
  });
});
