import { findClosestMatch } from '@interlingua/core/adapter';
import type { GatewayKeyMcpConfig } from './gateway-config-schema';

/**
 * The problems of keys' MCP allow-lists against the servers the gateway serves: a server name
 * (or a tool's `server__` part) that is not one of `servers` is refused with a "did you mean"
 * — a misspelt name would otherwise deny the key silently — and so is a tool of a server the
 * key's own `servers` leaves out. `where(index)` names the key in messages (`keys[2]`).
 */
export function checkMcpAllowLists(
  keys: readonly { mcp?: GatewayKeyMcpConfig | undefined }[],
  servers: readonly string[],
  where: (index: number) => string,
): string[] {
  const problems: string[] = [];
  const known = (value: string, path: string) => {
    if (servers.includes(value)) return true;
    const match = findClosestMatch(value, servers);
    problems.push(
      `${path}: expected the name of a served MCP server (${servers.join(', ') || 'none'}), got "${value}"${match === undefined ? '' : `; did you mean "${match}"?`}`,
    );
    return false;
  };
  keys.forEach((key, keyIndex) => {
    const mcp = key.mcp;
    if (mcp === undefined) return;
    const at = `${where(keyIndex)}.mcp`;
    (mcp.servers ?? []).forEach((server, index) => {
      known(server, `${at}.servers[${index}]`);
    });
    (mcp.tools ?? []).forEach((tool, index) => {
      const server = tool.slice(0, tool.indexOf('__'));
      const path = `${at}.tools[${index}]`;
      if (!known(server, path)) return;
      if (mcp.servers !== undefined && !mcp.servers.includes(server)) {
        problems.push(`${path}: "${tool}" is a tool of "${server}", which ${at}.servers does not list`);
      }
    });
  });
  return problems;
}
