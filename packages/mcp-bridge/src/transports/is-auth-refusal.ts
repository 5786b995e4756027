import { McpAuthError } from '../auth/mcp-auth-error';

const REFUSED = new Set([401, 403]);

// The HTTP status an SDK transport error carries: `code` (SDK 1.x StreamableHTTPError), `status` or `data.status` (2.x SdkHttpError).
function statusOf(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { code?: unknown; status?: unknown; data?: { status?: unknown } };
  return record.status ?? record.data?.status ?? record.code;
}

/**
 * True for a connection the server refused for authorization: an {@link McpAuthError}, or an HTTP
 * 401/403 from the transport (also as a cause, or the SDK's `UnauthorizedError`). Such a server
 * is not tried again over legacy SSE, which would only be refused the same way.
 */
export function isAuthRefusal(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (McpAuthError.isInstance(current)) return true;
    if ((current as { name?: unknown }).name === 'UnauthorizedError') return true;
    if (REFUSED.has(statusOf(current) as number)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The {@link McpAuthError} down an error's causes (an SDK may wrap it, e.g. in a failed version
 * probe), so the host sees the login error itself with its `reason` and advice.
 */
export function authErrorIn(error: unknown): McpAuthError | undefined {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (McpAuthError.isInstance(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
