/**
 * Parses a `.env` file as VS Code's `envFile` and Cursor's read it: `NAME=value` lines, an
 * optional `export `, `#` comments, values in single quotes (as written), double quotes (with
 * `\n` escapes) or bare (trimmed, a ` #` comment cut). Returns the variables, or the 1-based
 * line of the first line that is none of these.
 */
export function parseEnvFile(text: string): { variables: Record<string, string> } | { badLine: number } {
  const variables: Record<string, string> = {};
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (match === null) return { badLine: index + 1 };
    const name = match[1] as string;
    let value = match[2] as string;
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.length >= 2 && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    Object.defineProperty(variables, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return { variables };
}
