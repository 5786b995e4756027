import { readFile } from 'node:fs/promises';
import { InvalidSettingError } from '@interlingua/core';

// VS Code's mcp.json is JSONC: drop comments and trailing commas outside strings.
function stripJsonComments(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      const start = index;
      for (index++; index < text.length && text[index] !== '"'; index++) if (text[index] === '\\') index++;
      out += text.slice(start, index + 1);
    } else if (char === '/' && text[index + 1] === '/') {
      while (index < text.length && text[index] !== '\n') index++;
      out += '\n';
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 1;
    } else if (char === ',' && /^\s*[}\]]/.test(text.slice(index + 1, index + 200))) {
      // A trailing comma (whitespace then a closing bracket); comments in between are left as they are.
    } else {
      out += char;
    }
  }
  return out;
}

/**
 * Reads an mcp.json file (JSON, or JSONC with comments and trailing commas as VS Code writes it).
 * Throws an `InvalidSettingError` naming the path when the file is missing or not JSON.
 */
export async function readMcpConfigFile(path: string | URL): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InvalidSettingError({ message: `mcp config ${String(path)}: expected a readable file.`, cause: error });
  }
  try {
    return JSON.parse(stripJsonComments(text));
  } catch (error) {
    throw new InvalidSettingError({
      message: `mcp config ${String(path)}: expected JSON, got a parse error (${(error as Error).message}).`,
      cause: error,
    });
  }
}
