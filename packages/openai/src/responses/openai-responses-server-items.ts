import type { JSONObject, JSONValue, ProviderMetadata, TextPart } from '@interlingua/core';
import { findJSONValueIssue, formatSchemaIssues, MAX_JSON_DEPTH } from '@interlingua/core/adapter';

/**
 * An item the provider ran itself (`web_search_call`, `code_interpreter_call`, …), kept whole on
 * the text part at its place: `offset` UTF-16 units into that part's text.
 */
export type ResponsesServerItemAt = { offset: number; item: JSONObject };

// Where an item sits in the IR: providerMetadata.openai → serverItems[] → { offset, item }.
const ITEM_DEPTH_IN_METADATA = 3;

/**
 * Checks that a provider-executed item can ride in the IR: a JSON object (`__proto__` keys kept
 * as data) nested shallowly enough that, under `providerMetadata.openai.serverItems`, it stays
 * within `MAX_JSON_DEPTH`. Returns the item itself, or the problem as one line
 * (`output[0].action: …`) for the caller's typed error.
 */
export function readServerItemJSON(
  item: unknown,
  path: readonly PropertyKey[],
): { success: true; value: JSONObject } | { success: false; message: string } {
  const issue = findJSONValueIssue(item, { object: true, maxDepth: MAX_JSON_DEPTH - ITEM_DEPTH_IN_METADATA });
  if (issue === undefined) return { success: true, value: item as JSONObject };
  return { success: false, message: formatSchemaIssues([{ ...issue, path: [...path, ...issue.path] }]) };
}

/** The provider-executed items a text part carries, validated loosely (offset a number, item an object with a type). */
export function readServerItems(metadata: ProviderMetadata | undefined): ResponsesServerItemAt[] {
  const list = metadata?.openai?.serverItems;
  if (!Array.isArray(list)) return [];
  const out: ResponsesServerItemAt[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const { offset, item } = entry;
    if (typeof offset !== 'number' || typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    if (typeof item.type !== 'string') continue;
    out.push({ offset, item });
  }
  return out;
}

/** The metadata that keeps `items` on a text part. */
export function serverItemsMetadata(items: readonly ResponsesServerItemAt[]): ProviderMetadata {
  return { openai: { serverItems: items as unknown as JSONValue[] } };
}

/** One run of a text part split at its server items, in order: text slices and items. */
export type ResponsesTextSegment = { type: 'text'; text: string } | { type: 'item'; item: JSONObject };

/** Splits a text part at the offsets of its server items (empty slices left out). */
export function splitAtServerItems(part: TextPart): ResponsesTextSegment[] {
  const segments: ResponsesTextSegment[] = [];
  let offset = 0;
  for (const { offset: at, item } of readServerItems(part.providerMetadata)) {
    const end = Math.min(Math.max(at, offset), part.text.length);
    if (end > offset) segments.push({ type: 'text', text: part.text.slice(offset, end) });
    offset = end;
    segments.push({ type: 'item', item });
  }
  if (part.text.length > offset) segments.push({ type: 'text', text: part.text.slice(offset) });
  return segments;
}

/** Merges provider metadata the way `collectStream` merges that of consecutive text deltas. */
export function mergeProviderMetadata(a: ProviderMetadata | undefined, b: ProviderMetadata): ProviderMetadata {
  if (a === undefined) return b;
  const merged: ProviderMetadata = { ...a };
  for (const [key, value] of Object.entries(b)) merged[key] = { ...merged[key], ...value };
  return merged;
}
