import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTokenTally, MEDIA_TOKENS } from './token-tally';

// The estimate spelled out: one token per UTF-16 unit in U+3000–U+9FFF, a quarter per other unit.
function reference(texts: string[], media: number): number {
  let cjk = 0;
  let characters = 0;
  for (const text of texts) {
    characters += text.length;
    for (const unit of text.split('')) if (unit >= '\u3000' && unit <= '\u9fff') cjk++;
  }
  return cjk + Math.ceil((characters - cjk) / 4) + media * MEDIA_TOKENS;
}

describe('createTokenTally', () => {
  it('counts CJK characters one token each, the rest four characters a token, media a fixed count', () => {
    const tally = createTokenTally();
    tally.add('Say hello.');
    tally.add('你好，世界');
    tally.add('\u2fff\u3000\u9fff\ua000');
    tally.addMedia();
    expect(tally.tokens).toBe(5 + 2 + Math.ceil((10 + 2) / 4) + MEDIA_TOKENS);
  });

  it('agrees with the spelled-out estimate on any mix of texts, whole or in pieces', () => {
    const unit = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.string({ unit: fc.integer({ min: 0x2ff0, max: 0xa010 }).map((code) => String.fromCharCode(code)) }),
      fc.string({ unit: 'binary' }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 8 }), fc.nat(3), (texts, media) => {
        const tally = createTokenTally();
        for (const text of texts) tally.add(text);
        for (let index = 0; index < media; index++) tally.addMedia();
        expect(tally.tokens).toBe(reference(texts, media));
        const whole = createTokenTally();
        whole.add(texts.join(''));
        for (let index = 0; index < media; index++) whole.addMedia();
        expect(whole.tokens).toBe(tally.tokens);
      }),
      { numRuns: 500 },
    );
  });
});
