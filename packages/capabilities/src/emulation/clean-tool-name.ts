/** Cleans a tool name a model wrote (`` `get_weather` ``, `[get_weather]`, `"get_weather"`) and matches it to a declared name. */
export function cleanToolName(raw: string, toolNames: readonly string[]): string {
  const name =
    raw
      .trim()
      .replace(/^[`"'*[\s]+|[`"'*\]\s.,:;]+$/g, '')
      .split(/[\s(]/)[0] ?? '';
  const declared = toolNames.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return declared ?? name;
}
