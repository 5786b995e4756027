import type { PriceRow } from '../pricing/price-row';

const models = 'https://developers.openai.com/api/docs/models';
const read = '2026-12-01';

/**
 * OpenAI prices (standard tier, text tokens), each from the model's own page. Only exact ids and
 * their dated snapshots are matched: a family glob would also price variants (`-audio`,
 * `-realtime`, `-search`) that cost differently. OpenAI charges nothing extra for cache writes.
 */
export const openaiPrices: PriceRow[] = [
  {
    match: ['openai:gpt-4.1', 'openai:gpt-4.1-2025-04-14'],
    price: { input: 2, output: 8, cacheRead: 0.5 },
    source: `${models}/gpt-4.1`,
    read,
  },
  {
    match: ['openai:gpt-4.1-mini', 'openai:gpt-4.1-mini-2025-04-14'],
    price: { input: 0.4, output: 1.6, cacheRead: 0.1 },
    source: `${models}/gpt-4.1-mini`,
    read,
  },
  {
    match: ['openai:gpt-4.1-nano', 'openai:gpt-4.1-nano-2025-04-14'],
    price: { input: 0.1, output: 0.4, cacheRead: 0.025 },
    source: `${models}/gpt-4.1-nano`,
    read,
  },
  {
    // The page's price is that of its default snapshot; 2024-05-13 is priced apart and not listed.
    match: ['openai:gpt-4o', 'openai:gpt-4o-2024-08-06', 'openai:gpt-4o-2024-11-20'],
    price: { input: 2.5, output: 10, cacheRead: 1.25 },
    source: `${models}/gpt-4o`,
    read,
  },
  {
    match: ['openai:gpt-4o-mini', 'openai:gpt-4o-mini-2024-07-18'],
    price: { input: 0.15, output: 0.6, cacheRead: 0.075 },
    source: `${models}/gpt-4o-mini`,
    read,
  },
  {
    match: ['openai:o3-mini', 'openai:o3-mini-2025-01-31'],
    price: { input: 1.1, output: 4.4, cacheRead: 0.55 },
    source: `${models}/gpt-4o`,
    read,
    note: 'From the "Quick comparison" table of the GPT-4o page.',
  },
  {
    match: ['openai:o4-mini', 'openai:o4-mini-2025-04-16'],
    price: { input: 1.1, output: 4.4, cacheRead: 0.275 },
    source: `${models}/o4-mini`,
    read,
  },
  {
    match: ['openai:gpt-5-mini', 'openai:gpt-5-mini-2025-08-07'],
    price: { input: 0.25, output: 2, cacheRead: 0.025 },
    source: `${models}/gpt-4.1-mini`,
    read,
    note: 'From the "Quick comparison" table of the GPT-4.1 mini page.',
  },
  {
    match: ['openai:gpt-5-nano', 'openai:gpt-5-nano-2025-08-07'],
    price: { input: 0.05, output: 0.4, cacheRead: 0.005 },
    source: `${models}/gpt-5-nano`,
    read,
  },
  {
    match: ['openai:gpt-4', 'openai:gpt-4-0613'],
    price: { input: 30, output: 60 },
    source: `${models}/gpt-4`,
    read,
    note: 'No cached-input price is listed.',
  },
];
