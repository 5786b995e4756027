import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { InvalidSettingError } from '@interlingua/core';
import { JsoncSyntaxError, type ParsedJsonc, parseJsonc } from './parse-jsonc';

/** An mcp.json as read from disk: its value, its path, and where each value sits in it. */
export type McpConfigSource = ParsedJsonc & { file: string };

/** `mcp.json:4:7` for the value at `path`, or the file alone when the path is not in it. */
export function describeConfigLocation(source: McpConfigSource, path: readonly (string | number)[]): string {
  const position = source.locate(path);
  return position === undefined ? source.file : `${source.file}:${position.line}:${position.column}`;
}

/** Reads and parses an mcp.json, keeping where each value sits for error messages. */
export async function readMcpConfigSource(path: string | URL): Promise<McpConfigSource> {
  const file = path instanceof URL ? fileURLToPath(path) : path;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InvalidSettingError({ message: `mcp config ${file}: expected a readable file.`, cause: error });
  }
  try {
    return { ...parseJsonc(text), file };
  } catch (error) {
    if (!(error instanceof JsoncSyntaxError)) throw error;
    const { line, column } = error.position;
    throw new InvalidSettingError({
      message: `mcp config ${file}:${line}:${column}: ${error.message}`,
      cause: error,
    });
  }
}

/**
 * Reads an mcp.json file (JSON, or JSONC with comments and trailing commas as VS Code writes it).
 * Throws an `InvalidSettingError` naming the path when the file is missing, and the line and
 * column when it is not valid JSON(C).
 */
export async function readMcpConfigFile(path: string | URL): Promise<unknown> {
  return (await readMcpConfigSource(path)).value;
}
