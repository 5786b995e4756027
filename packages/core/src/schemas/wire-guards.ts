/**
 * A hand-written check of the fields a decoder reads, run before its wire schema: `true` only
 * for values the schema accepts (so the decoder may use the value as the schema's output),
 * `false` for anything it is not sure of — the schema then decides, and its error names each
 * bad field. Keep a guard in the file of its schema, and test that it passes only what the
 * schema passes.
 */
export type WireGuard<T> = (value: unknown) => value is T;

/** A non-null, non-array object (what zod's `z.object` takes). For {@link WireGuard}s. */
export function isWireRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `undefined`, `null` or a string (zod's `z.string().nullish()`). For {@link WireGuard}s. */
export function isNullishString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

/** `undefined` or a string (zod's `z.string().optional()`). For {@link WireGuard}s. */
export function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/** A finite number (zod 4's `z.number()`). For {@link WireGuard}s. */
export function isWireNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `undefined`, `null` or a finite number (zod's `z.number().nullish()`). For {@link WireGuard}s. */
export function isNullishNumber(value: unknown): boolean {
  return value === undefined || value === null || isWireNumber(value);
}

/**
 * An array whose every slot — holes included, which no schema accepts — passes `item`
 * (zod's `z.array(item)`). For {@link WireGuard}s.
 */
export function isWireArrayOf(value: unknown, item: (element: unknown) => boolean): value is unknown[] {
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index++) if (!item(value[index])) return false;
  return true;
}
