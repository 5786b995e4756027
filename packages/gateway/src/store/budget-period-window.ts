import type { BudgetPeriod } from '../config/gateway-config-schema';

/**
 * The budget period containing `now` (Unix ms), in UTC: its id (part of a store key, such as
 * `month:2026-11`) and when it ends. Days start at 00:00 UTC, weeks on Monday, months on the 1st;
 * `total` never ends.
 */
export function budgetPeriodWindow(period: BudgetPeriod, now: number): { id: string; endsAt: number | undefined } {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  switch (period) {
    case 'day':
      return { id: `day:${iso(Date.UTC(year, month, day))}`, endsAt: Date.UTC(year, month, day + 1) };
    case 'week': {
      const sinceMonday = (date.getUTCDay() + 6) % 7;
      const start = Date.UTC(year, month, day - sinceMonday);
      return { id: `week:${iso(start)}`, endsAt: start + 7 * 86_400_000 };
    }
    case 'month':
      return { id: `month:${iso(Date.UTC(year, month, 1)).slice(0, 7)}`, endsAt: Date.UTC(year, month + 1, 1) };
    case 'total':
      return { id: 'total', endsAt: undefined };
    default: {
      const exhaustive: never = period;
      throw new Error(`Unknown budget period ${String(exhaustive)}`);
    }
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
