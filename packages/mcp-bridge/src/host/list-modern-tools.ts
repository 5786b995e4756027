import { InvalidResponseError } from '@interlingua/core';
import { type Client, SdkError, SdkErrorCode, type Tool } from '@modelcontextprotocol/client';
import { cacheTtlOf } from './cache-ttl-of';

/**
 * Every page of a 2026-07-28 server's tools, in its order, by the SDK's own walk: it drops the
 * tools whose `x-mcp-header` declarations are invalid (they could not be called over HTTP) and
 * keeps the list for the `Mcp-Param-*` headers of the calls. The list's `ttlMs` goes to `onTtl`.
 * More than `maxPages` pages is an `InvalidResponseError`, as for a legacy list.
 */
export async function listModernTools(
  client: Client,
  options: {
    what: string;
    meta: Record<string, unknown> | undefined;
    timeout: number;
    maxPages: number;
    onTtl: (ttlMs: number | undefined) => void;
  },
): Promise<Tool[]> {
  try {
    const result = await client.listTools(options.meta === undefined ? undefined : { _meta: options.meta }, {
      timeout: options.timeout,
      // A list_changed or an expired ttlMs brought the bridge here: never the cached list.
      cacheMode: 'refresh',
    });
    options.onTtl(cacheTtlOf(result));
    return result.tools;
  } catch (error) {
    if (!SdkError.isInstance(error) || error.code !== SdkErrorCode.ListPaginationExceeded) throw error;
    throw new InvalidResponseError({
      message: `${options.what}: expected at most ${options.maxPages} pages, got more.`,
      cause: error,
    });
  }
}
