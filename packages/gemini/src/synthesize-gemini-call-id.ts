import { findJSONValueIssue } from '@interlingua/core/adapter';

const SYNTHETIC_ID = /^gemini-[0-9a-f]{16}-\d+$/;

/** What a synthesized call id is derived from. */
export type GeminiCallIdSeed = {
  /** The response's `responseId`, when the API sent one. */
  responseId: string | undefined;
  /** The function name. */
  name: string;
  /** The call's arguments, as received. */
  args: unknown;
  /** The call's position among the function calls of its response (0-based). */
  index: number;
};

/**
 * Makes a call id for a `functionCall` that came without one: `gemini-<16 hex>-<index>`.
 *
 * The hex is a 64-bit FNV-1a hash of the `responseId` (when present; it is unique per
 * response) or else of the call's name and arguments. Stable: the same response decodes to
 * the same ids. Unique within a conversation: ids already used by the history are passed as
 * `reserved`, and a clash is re-hashed with a counter until it is free. The id fits every
 * provider's id rules (`[A-Za-z0-9_-]`, at most 40 characters) so a history can move on to
 * another provider.
 */
export function synthesizeGeminiCallId(seed: GeminiCallIdSeed, reserved?: { has(id: string): boolean }): string {
  const base = seed.responseId === undefined ? `${seed.name}\u0000${stableJson(seed.args)}` : seed.responseId;
  let attempt = 0;
  for (;;) {
    const id = `gemini-${fnv1a64(attempt === 0 ? base : `${base}\u0000${attempt}`)}-${seed.index}`;
    if (reserved === undefined || !reserved.has(id)) return id;
    attempt++;
  }
}

/** Whether `id` has the shape of an id made by {@link synthesizeGeminiCallId} (such ids are never sent to Gemini). */
export function isSynthesizedGeminiCallId(id: string): boolean {
  return id.startsWith('gemini-') && SYNTHETIC_ID.test(id);
}

// JSON with sorted keys, built with an explicit stack: arguments may nest up to MAX_JSON_DEPTH
// levels, more than a recursive walk should be trusted with. Arguments that are not JSON data at
// all (a cycle, say) are hashed by their name only: still an id, never a hang.
function stableJson(value: unknown): string {
  if (findJSONValueIssue(value) !== undefined) return '<not JSON>';
  const out: string[] = [];
  const stack: ({ text: string } | { value: unknown })[] = [{ value }];
  while (stack.length > 0) {
    const task = stack.pop() as { text: string } | { value: unknown };
    if ('text' in task) {
      out.push(task.text);
      continue;
    }
    const node = task.value;
    if (Array.isArray(node)) {
      stack.push({ text: ']' });
      for (let index = node.length - 1; index >= 0; index--) {
        stack.push({ value: node[index] });
        if (index > 0) stack.push({ text: ',' });
      }
      stack.push({ text: '[' });
    } else if (typeof node === 'object' && node !== null) {
      const keys = Object.keys(node).sort();
      stack.push({ text: '}' });
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string;
        stack.push({ value: (node as Record<string, unknown>)[key] });
        stack.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
      stack.push({ text: '{' });
    } else out.push(JSON.stringify(node) ?? 'null');
  }
  return out.join('');
}

// 64-bit FNV-1a over UTF-16 code units, as two 32-bit halves (no BigInt on the hot path).
function fnv1a64(text: string): string {
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    // multiply by the 64-bit FNV prime 0x100000001b3, in 16-bit limbs
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3;
    const t2 = h2 * 0x1b3 + (h0 << 8);
    const t3 = h3 * 0x1b3 + (h1 << 8);
    const c1 = t1 + (t0 >>> 16);
    const c2 = t2 + (c1 >>> 16);
    h0 = t0 & 0xffff;
    h1 = c1 & 0xffff;
    h3 = (t3 + (c2 >>> 16)) & 0xffff;
    h2 = c2 & 0xffff;
  }
  const hex = (limb: number) => limb.toString(16).padStart(4, '0');
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}
