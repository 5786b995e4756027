import { readFile } from 'node:fs/promises';
import { InvalidSettingError } from '@interlingua/core';
import type { GatewayConfig } from './gateway-config-schema';
import { type ParseGatewayConfigOptions, parseGatewayConfig } from './parse-gateway-config';

/**
 * Reads and validates a `gateway.json` file (JSONC) — see {@link parseGatewayConfig}. A file
 * that cannot be read is an `InvalidSettingError` naming it.
 */
export async function readGatewayConfig(
  path: string,
  options: Omit<ParseGatewayConfigOptions, 'source'> = {},
): Promise<GatewayConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InvalidSettingError({
      message: `Expected a readable gateway config at ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
      cause: error,
    });
  }
  return parseGatewayConfig(text, { ...options, source: path });
}
