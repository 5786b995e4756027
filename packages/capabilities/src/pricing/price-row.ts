import type { ModelPricing } from '@interlingua/core';

/** Prices per million tokens, without where they come from. */
export type PriceFigures = Omit<ModelPricing, 'source' | 'read'>;

/**
 * One row of price data: the model ids it matches (the `provider:model` globs of capability
 * rows), what they cost — or `'unknown'`, which shadows a broader row for ids whose price
 * differs and is not known — and where and when the figures were read.
 */
export type PriceRow = {
  /** Glob pattern(s) over `provider:model`; the most specific matching row wins, whole. */
  match: string | readonly string[];
  /** USD per million tokens, or `'unknown'`. */
  price: PriceFigures | 'unknown';
  /** The page the figures were read from. */
  source: string;
  /** When, `YYYY-MM-DD`. */
  read: string;
  /** What a reader of the row should know (which table, what it leaves out). */
  note?: string;
};
