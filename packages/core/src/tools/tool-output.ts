import type { UserContentPart } from '../ir/content-parts';

/**
 * What an executor may return when it wants to control the result exactly: the content
 * parts and whether they report a failure. Anything else an executor returns is turned
 * into text (strings as they are, other values as JSON).
 */
export type ToolOutput = {
  type: 'tool-output';
  content: UserContentPart[];
  isError?: boolean;
  /** Why the call failed, for the host (not sent to the model). */
  cause?: unknown;
};

/** True when `value` is a {@link ToolOutput}. */
export function isToolOutput(value: unknown): value is ToolOutput {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'tool-output' &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

/**
 * Normalizes whatever an executor returned into result content: a `ToolOutput` as is,
 * a string as one text part, `undefined` as an empty text, anything else as JSON text.
 */
export function toToolOutput(value: unknown): ToolOutput {
  if (isToolOutput(value)) return value;
  if (typeof value === 'string') return { type: 'tool-output', content: [{ type: 'text', text: value }] };
  if (value === undefined) return { type: 'tool-output', content: [{ type: 'text', text: '' }] };
  return { type: 'tool-output', content: [{ type: 'text', text: JSON.stringify(value) }] };
}
