import { basename, dirname, resolve } from 'node:path';
import { InvalidSettingError } from '@interlingua/core';
import type { McpRoot } from '../config/mcp-server-config';
import { type ParsedMcpConfig, parseMcpConfig, toMcpRoot } from '../config/parse-mcp-config';
import { describeConfigLocation, type McpConfigSource } from '../config/read-mcp-config-file';
import type { McpBridgeOptions } from './mcp-bridge-options';

// A config file's folder, or its project's when it sits in `.vscode/` or `.cursor/` as editors keep it.
function defaultWorkspaceFolder(file: string): string {
  const folder = dirname(resolve(file));
  return ['.vscode', '.cursor'].includes(basename(folder)) ? dirname(folder) : folder;
}

const POSITIVE_NUMBERS = [
  'callTimeout',
  'connectTimeout',
  'maxListPages',
  'maxMessageBytes',
  'maxResultBytes',
  'closeTimeout',
] as const;

/** Refuses option values that cannot work (a zero timeout, a negative limit) before anything starts. */
export function checkBridgeOptions(options: McpBridgeOptions): void {
  for (const key of POSITIVE_NUMBERS) {
    const value = options[key];
    if (value !== undefined && !(typeof value === 'number' && value > 0)) {
      throw new InvalidSettingError({
        message: `Expected \`${key}\` to be a positive number, got ${String(value)}.`,
      });
    }
  }
}

/** The config's servers plus the workspace folder and the roots of servers that name none. */
export type BridgeConfig = ParsedMcpConfig & { defaultRoots: McpRoot[] | false; workspaceFolder: string };

/**
 * Parses the config; an error in a file gets the file, line and column of the value it is about.
 * Roots default to the workspace folder (the `workspaceFolder` option, the config file's folder,
 * or the current directory for a config passed as an object).
 */
export function parseBridgeConfig(
  raw: unknown,
  source: McpConfigSource | undefined,
  options: McpBridgeOptions,
): BridgeConfig {
  const workspaceFolder =
    options.workspaceFolder ?? (source === undefined ? undefined : defaultWorkspaceFolder(source.file));
  const base = workspaceFolder ?? process.cwd();
  const defaultRoots = options.roots === false ? false : (options.roots ?? [base]).map((root) => toMcpRoot(root, base));
  try {
    const parsed = parseMcpConfig(source === undefined ? raw : source.value, {
      ...(options.env === undefined ? {} : { env: options.env }),
      ...(workspaceFolder === undefined ? {} : { workspaceFolder }),
    });
    return { ...parsed, defaultRoots, workspaceFolder: resolve(base) };
  } catch (error) {
    if (source === undefined || !InvalidSettingError.isInstance(error) || error.path === undefined) throw error;
    throw new InvalidSettingError({
      message: `${describeConfigLocation(source, error.path)}: ${error.message}`,
      cause: error,
      path: error.path,
    });
  }
}
