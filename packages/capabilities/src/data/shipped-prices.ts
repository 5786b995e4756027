import type { PriceRow } from '../pricing/price-row';
import { anthropicPrices } from './anthropic-prices';
import { geminiPrices } from './gemini-prices';
import { openaiPrices } from './openai-prices';

/**
 * Every price row shipped with the package. A shipped model without a row (local models,
 * models whose public price could not be read) costs `'unknown'`.
 */
export const shippedPrices: readonly PriceRow[] = Object.freeze([...openaiPrices, ...anthropicPrices, ...geminiPrices]);
