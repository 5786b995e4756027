import fc from 'fast-check';
import { applyJSONMutations, arbitraryJSONMutations } from './json-mutation';

/** What {@link fuzzWireGuard} checks: a decoder's fast guard against the wire schema it stands for. */
export type WireGuardFuzzOptions = {
  /** The hand-written guard (`true` means "the schema accepts this"). */
  guard: (value: unknown) => boolean;
  /** The wire schema (anything with zod's `safeParse`). */
  schema: { safeParse(value: unknown): { success: boolean } };
  /** Bodies or chunks the schema accepts (fixtures, the codec's own encodings); mutated by the fuzz. */
  documents: readonly unknown[];
  numRuns?: number;
  seed?: number;
};

/** How the guard and the schema judged the fuzzed documents. */
export type WireGuardFuzzReport = {
  cases: number;
  /** Cases both accepted. */
  bothPassed: number;
  /** Cases the schema accepted and the guard left to it (allowed: the schema then decides). */
  schemaOnly: number;
  /** Cases both rejected. */
  bothFailed: number;
};

/**
 * Checks that a guard passes only what its schema passes: on every document as given and on
 * mutations of them (wrong types, `null` for objects, dropped and added keys, deep nesting, own
 * `__proto__` keys, …), `guard(value)` implies `schema.safeParse(value).success`. Throws with
 * fast-check's counterexample when a guard passes a value the schema rejects — a decoder would
 * then read unchecked data. Seeded and bounded. Resolves to a report of the judgements, so a
 * test can also require the guard to take the common case (`bothPassed > 0`).
 */
export function fuzzWireGuard(options: WireGuardFuzzOptions): WireGuardFuzzReport {
  const { guard, schema, documents } = options;
  const report: WireGuardFuzzReport = { cases: 0, bothPassed: 0, schemaOnly: 0, bothFailed: 0 };
  const judge = (value: unknown) => {
    report.cases++;
    const guarded = guard(value);
    const parsed = schema.safeParse(value).success;
    if (guarded && !parsed) throw new Error('The guard passed a value its schema rejects.');
    if (guarded) report.bothPassed++;
    else if (parsed) report.schemaOnly++;
    else report.bothFailed++;
  };
  fc.assert(
    fc.property(fc.constantFrom(...documents), arbitraryJSONMutations(4), (document, mutations) => {
      judge(applyJSONMutations(document, mutations));
    }),
    { numRuns: options.numRuns ?? 300, seed: options.seed ?? 12 },
  );
  return report;
}
