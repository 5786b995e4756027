import { type ParsedToolArguments, parseToolArguments } from '@interlingua/core';

/**
 * The end (exclusive) of the JSON object or array that starts at `start`, or -1 when it is not
 * closed. String-aware: braces and quotes inside string values do not count.
 */
export function findJsonEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** Drops a Markdown code fence around `text` (```json … ```), keeping what is inside verbatim. */
export function stripCodeFence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('```')) return trimmed;
  const firstLineEnd = trimmed.indexOf('\n');
  if (firstLineEnd === -1) return trimmed.replace(/^```[\w-]*/, '').trim();
  const inner = trimmed.slice(firstLineEnd + 1);
  const close = inner.lastIndexOf('```');
  return (close === -1 ? inner : inner.slice(0, close)).trim();
}

/**
 * Parses the arguments a model wrote as text (a ReAct `Action Input`, the `arguments` of a
 * `<tool_call>`) into an object. Never throws and never rewrites the text: a code fence is
 * unwrapped, prose after the closing brace is ignored, a JSON string holding an object is
 * decoded; anything else keeps its raw text in `argsText` with the reason in `argsError`.
 */
export function parseEmulatedArguments(text: string): ParsedToolArguments {
  const body = stripCodeFence(text);
  if (body === '') return { args: {} };
  if (body.startsWith('{')) {
    const end = findJsonEnd(body, 0);
    return parseToolArguments(end === -1 ? body : body.slice(0, end));
  }
  if (body.startsWith('"')) {
    // Some models quote the whole object: "{\"city\": \"Paris\"}".
    try {
      const decoded: unknown = JSON.parse(body.split('\n')[0] ?? body);
      if (typeof decoded === 'string' && decoded.trim().startsWith('{')) {
        const parsed = parseToolArguments(decoded);
        if (parsed.argsError === undefined) return parsed;
      }
    } catch {
      // Not a JSON string: reported below with the raw text.
    }
  }
  return {
    args: {},
    argsText: body,
    argsError: `Expected the arguments to be a JSON object such as {"name": "value"}, got: ${truncate(body, 120)}`,
  };
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}
