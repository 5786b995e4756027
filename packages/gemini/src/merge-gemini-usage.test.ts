import { describe, expect, it } from 'vitest';
import { mergeGeminiUsage } from './merge-gemini-usage';

// Shapes of `UsageMetadata` in @google/genai 3.3's types (`promptTokensDetails: ModalityTokenCount[]`).
describe('mergeGeminiUsage: the usage of continuation hops added up, as @google/genai adds it', () => {
  it('sums the counts and the per-modality lists by modality; keeps what one side lacks', () => {
    const first = {
      promptTokenCount: 12,
      candidatesTokenCount: 5,
      totalTokenCount: 17,
      promptTokensDetails: [
        { modality: 'TEXT', tokenCount: 10 },
        { modality: 'IMAGE', tokenCount: 2 },
      ],
    };
    const second = {
      promptTokenCount: 20,
      candidatesTokenCount: 4,
      thoughtsTokenCount: 7,
      totalTokenCount: 31,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 20 }],
    };
    expect(mergeGeminiUsage(first, second)).toEqual({
      promptTokenCount: 32,
      candidatesTokenCount: 9,
      thoughtsTokenCount: 7,
      totalTokenCount: 48,
      promptTokensDetails: [
        { modality: 'TEXT', tokenCount: 30 },
        { modality: 'IMAGE', tokenCount: 2 },
      ],
    });
  });

  it('a non-object on either side: the later one, else the earlier', () => {
    expect(mergeGeminiUsage(undefined, { promptTokenCount: 1 })).toEqual({ promptTokenCount: 1 });
    expect(mergeGeminiUsage({ promptTokenCount: 1 }, null)).toEqual({ promptTokenCount: 1 });
    expect(mergeGeminiUsage({ promptTokenCount: 1 }, 'x')).toBe('x');
  });

  it('hostile input: no prototype change, no recursion without end', () => {
    const merged = mergeGeminiUsage({ a: 1 }, JSON.parse('{"__proto__": {"polluted": true}, "a": 2}')) as object;
    expect(merged).toEqual({ a: 3 });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const deep = JSON.parse(`${'{"n":'.repeat(50_000)}1${'}'.repeat(50_000)}`);
    expect(() => mergeGeminiUsage(deep, deep)).not.toThrow();
  });
});
