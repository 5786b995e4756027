import type { PriceRow } from '../pricing/price-row';

const source = 'https://platform.claude.com/docs/en/about-claude/pricing';
const read = '2026-12-01';
// "Model pricing" table: base input, 5-minute cache writes, cache hits, output. Cache writes are
// priced at the 5-minute rate; 1-hour writes cost more and usage does not tell them apart.
const opusCurrent = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 };
const opusLegacy = { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 };
const sonnet = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

/** Anthropic Claude prices, from Anthropic's pricing page. */
export const anthropicPrices: PriceRow[] = [
  { match: ['anthropic:claude-opus-5*'], price: opusCurrent, source, read },
  { match: ['anthropic:claude-opus-4-6*', 'anthropic:claude-opus-4-5*'], price: opusCurrent, source, read },
  {
    match: ['anthropic:claude-opus-4*', 'anthropic:claude-4-opus*'],
    price: opusLegacy,
    source,
    read,
    note: 'Claude Opus 4 and 4.1.',
  },
  {
    match: 'anthropic:claude-sonnet-4-6*',
    price: sonnet,
    source,
    read,
    note: '"Long context pricing": Sonnet 4.6 includes the full 1M-token window at standard pricing.',
  },
  {
    match: ['anthropic:claude-sonnet-4*', 'anthropic:claude-4-sonnet*'],
    price: { ...sonnet, longContext: { aboveInputTokens: 200_000, input: 6, output: 22.5 } },
    source,
    read,
    note: 'Sonnet 4 and 4.5: prompts over 200K input tokens are billed at $6 / $22.50; cache rates for them are not stated.',
  },
  { match: 'anthropic:claude-3-7-sonnet*', price: sonnet, source, read },
  { match: 'anthropic:claude-3-5-sonnet*', price: sonnet, source, read, note: 'Listed as deprecated.' },
  {
    match: 'anthropic:claude-haiku-4-5*',
    price: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
    source,
    read,
  },
  {
    match: 'anthropic:claude-3-5-haiku*',
    price: { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 },
    source,
    read,
  },
  { match: 'anthropic:claude-3-opus*', price: opusLegacy, source, read, note: 'Listed as deprecated.' },
  {
    match: 'anthropic:claude-3-haiku*',
    price: { input: 0.25, output: 1.25, cacheRead: 0.03, cacheWrite: 0.3 },
    source,
    read,
  },
];
