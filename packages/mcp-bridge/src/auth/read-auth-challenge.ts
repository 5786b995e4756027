import { extractWWWAuthenticateParams, type FetchLike } from '@modelcontextprotocol/client';
import type { McpRemoteServerConfig } from '../config/mcp-server-config';
import type { McpAuthChallenge } from './authorize-mcp-server';

/**
 * Asks the server what it wants before a login: one unauthenticated request, whose 401 names the
 * resource's metadata URL and the scope (`WWW-Authenticate: Bearer resource_metadata=…,
 * scope=…`). A server that does not answer 401 (or cannot be reached) gives no challenge, and
 * discovery starts at the well-known paths.
 */
export async function readAuthChallenge(
  config: McpRemoteServerConfig,
  signal: AbortSignal,
  fetchFn: FetchLike = fetch,
): Promise<McpAuthChallenge> {
  try {
    const response = await fetchFn(config.url, {
      method: 'POST',
      headers: {
        ...config.headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/list', params: {} }),
      signal,
    });
    await response.body?.cancel().catch(() => {});
    if (response.status !== 401) return {};
    const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
    return { resourceMetadataUrl, scope };
  } catch {
    return {};
  }
}
