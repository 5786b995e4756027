import type { PriceRow } from '../pricing/price-row';

const source = 'https://www.morphllm.com/gemini-api-pricing';
const read = '2026-12-01';
const note =
  "Standard paid tier as quoted from Google's pricing page (https://ai.google.dev/gemini-api/docs/pricing), which could not be read directly here; other copies agree. Context-caching rates differ between copies, so cache reads are left unknown. Audio input is priced higher than text, which usage does not tell apart.";
const ids = (...names: string[]) => names.flatMap((name) => [`gemini:${name}`, `google:${name}`]);

/** Google Gemini prices (Gemini Developer API, standard tier). */
export const geminiPrices: PriceRow[] = [
  {
    match: ids('gemini-2.5-pro'),
    price: { input: 1.25, output: 10, longContext: { aboveInputTokens: 200_000, input: 2.5, output: 15 } },
    source,
    read,
    note,
  },
  { match: ids('gemini-2.5-flash'), price: { input: 0.3, output: 2.5 }, source, read, note },
  { match: ids('gemini-2.5-flash-lite'), price: { input: 0.1, output: 0.4 }, source, read, note },
  { match: ids('gemini-2.0-flash', 'gemini-2.0-flash-001'), price: { input: 0.1, output: 0.4 }, source, read, note },
];
