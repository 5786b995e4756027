import {
  type JSONObject,
  type JSONValue,
  type ProviderMetadata,
  parseToolArguments,
  type ToolCall,
} from '@interlingua/core';
import type { AnthropicServerBlock } from './anthropic-api';

/**
 * The key of the `tool_use.input` object that carries a call's unparseable argument text on
 * replay: `{ "_unparsed_arguments": "<raw text>" }`. The API requires `input` to be an object.
 */
export const UNPARSED_ARGUMENTS_KEY = '_unparsed_arguments';

/** A server-side block kept on a text part, at `offset` UTF-16 units into that part's text. */
export type AnthropicServerBlockAt = { offset: number; block: AnthropicServerBlock };

/** The `tool_use.input` object that replays `call`: its arguments, or the raw-text carrier. */
export function convertToAnthropicToolInput(call: ToolCall): JSONObject {
  return call.argsText === undefined ? call.args : { [UNPARSED_ARGUMENTS_KEY]: call.argsText };
}

/** The IR call for a `tool_use` block; a non-object input or the raw-text carrier yields `argsError`. */
export function anthropicInputToToolCall(id: string, name: string, input: unknown): ToolCall {
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const entries = Object.keys(input);
    const raw = (input as Record<string, unknown>)[UNPARSED_ARGUMENTS_KEY];
    if (entries.length === 1 && typeof raw === 'string') return toolCallFromText(id, name, raw);
    return { type: 'tool-call', id, name, args: input as JSONObject };
  }
  return toolCallFromText(id, name, JSON.stringify(input) ?? '');
}

/** The IR call for streamed argument text (empty text is `{}`); never throws. */
export function toolCallFromText(id: string, name: string, text: string): ToolCall {
  const parsed = parseToolArguments(text);
  if (parsed.argsError === undefined) return { type: 'tool-call', id, name, args: parsed.args };
  return { type: 'tool-call', id, name, args: {}, argsText: parsed.argsText, argsError: parsed.argsError };
}

/** The provider metadata that keeps server-side blocks on a text part. */
export function serverBlocksMetadata(blocks: AnthropicServerBlockAt[]): ProviderMetadata {
  return { anthropic: { serverToolBlocks: blocks as unknown as JSONValue[] } };
}

/** The server-side blocks kept on a text part, validated loosely (offset a number, block an object with a type). */
export function readServerBlocks(metadata: ProviderMetadata | undefined): AnthropicServerBlockAt[] {
  const list = metadata?.anthropic?.serverToolBlocks;
  if (!Array.isArray(list)) return [];
  const out: AnthropicServerBlockAt[] = [];
  for (const entry of list) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const { offset, block } = entry;
    if (typeof offset !== 'number' || typeof block !== 'object' || block === null || Array.isArray(block)) continue;
    if (typeof block.type !== 'string') continue;
    out.push({ offset, block: block as AnthropicServerBlock });
  }
  return out;
}
