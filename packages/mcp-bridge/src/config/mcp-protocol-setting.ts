import { InvalidSettingError } from '@interlingua/core';
import { findClosestMatch } from '@interlingua/core/adapter';

/**
 * Which MCP protocol era a server is spoken to in (`protocol` in mcp.json): `auto` (the default)
 * probes with `server/discover` and falls back to the `initialize` handshake; `legacy` sends
 * `initialize` only (2024-11-05 … 2025-11-25); `2026-07-28` is the modern era only, no fallback.
 */
export type McpProtocolSetting = 'auto' | 'legacy' | '2026-07-28';

const SETTINGS: readonly McpProtocolSetting[] = ['auto', 'legacy', '2026-07-28'];

function isSetting(value: unknown): value is McpProtocolSetting {
  return SETTINGS.includes(value as McpProtocolSetting);
}

/** Reads a server's `protocol` field; undefined when the config has none. */
export function parseMcpProtocolSetting(
  value: unknown,
  where: string,
  path: (string | number)[],
): McpProtocolSetting | undefined {
  if (value === undefined) return undefined;
  if (isSetting(value)) return value;
  const nearest = typeof value === 'string' ? findClosestMatch(value, [...SETTINGS]) : undefined;
  throw new InvalidSettingError({
    message: `${where}: expected "auto", "legacy" or "2026-07-28", got ${JSON.stringify(value) ?? String(value)}${nearest === undefined ? '' : `; did you mean "${nearest}"?`}`,
    path,
  });
}
