import fc from 'fast-check';
import { applyJSONMutations, arbitraryJSONMutations, ERROR_LIKE_BODIES, type JSONMutation } from './json-mutation';

/** What a {@link ChunkMutation} does to a chunk sequence. */
export type ChunkMutationOp = 'drop' | 'duplicate' | 'swap' | 'truncate' | 'insert' | 'edit';

/**
 * One edit of a stream, as a small plan: `op` at chunk number `at` (modulo the length),
 * `variant` choosing the other chunk (`swap`) or the inserted one (`insert`), `edits` the
 * JSON mutations of an `edit`.
 */
export type ChunkMutation = { op: ChunkMutationOp; at: number; variant: number; edits: JSONMutation[] };

const OPS: readonly ChunkMutationOp[] = ['drop', 'duplicate', 'swap', 'truncate', 'insert', 'edit'];

/** Stream mutation plans: up to `maxLength` edits of a chunk sequence. */
export function arbitraryChunkMutations(maxLength = 3): fc.Arbitrary<ChunkMutation[]> {
  return fc.array(
    fc.record({
      op: fc.constantFrom(...OPS),
      at: fc.nat(),
      variant: fc.nat({ max: 1000 }),
      edits: arbitraryJSONMutations(2),
    }),
    { minLength: 0, maxLength },
  );
}

/** Applies stream mutation plans to a copy of `chunks` and returns the copy. */
export function applyChunkMutations(chunks: readonly unknown[], mutations: readonly ChunkMutation[]): unknown[] {
  const out = [...chunks];
  for (const { op, at, variant, edits } of mutations) {
    const index = out.length === 0 ? 0 : at % out.length;
    switch (op) {
      case 'drop':
        out.splice(index, 1);
        break;
      case 'duplicate':
        if (out.length > 0) out.splice(index, 0, out[index]);
        break;
      case 'swap':
        if (out.length > 1) {
          const other = (index + 1 + variant) % out.length;
          [out[index], out[other]] = [out[other], out[index]];
        }
        break;
      case 'truncate':
        out.length = index;
        break;
      case 'insert':
        out.splice(index, 0, structuredClone(ERROR_LIKE_BODIES[variant % ERROR_LIKE_BODIES.length]));
        break;
      case 'edit':
        if (out.length > 0) out[index] = applyJSONMutations(out[index], edits);
        break;
      default: {
        const exhaustive: never = op;
        throw new Error(`Unknown chunk mutation ${String(exhaustive)}`);
      }
    }
  }
  return out;
}
