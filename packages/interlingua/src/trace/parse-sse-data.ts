/** A body parsed as JSON, or the text itself when it is not JSON (`undefined` for none). */
export function parseMaybeJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The `data` of every event in an SSE body (multi-line data joined), JSON-parsed where possible. */
export function parseSSEData(text: string): unknown[] {
  const events: unknown[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data !== '') events.push(parseMaybeJson(data));
  }
  return events;
}
