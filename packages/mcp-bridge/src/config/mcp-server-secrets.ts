import { redactUrl } from '@interlingua/core/adapter';
import type { McpServerConfig } from './mcp-server-config';

// The token of an Authorization-style value (`Bearer t0k3n`), as well as the whole value.
const SCHEME_VALUE = /^(?:Bearer|Basic|Token|Bot)\s+(\S+)$/i;

/**
 * The credentials a remote server's config carries, to keep out of every error the bridge
 * raises for it: the URL's user and password and each query or fragment parameter that
 * `redactUrl` treats as a credential (by name or by shape), and every header value (with the
 * bare token of `Bearer …`). A stdio server has none here (its environment stays with the child).
 */
export function mcpServerSecrets(config: McpServerConfig): string[] {
  if (config.type === 'stdio') return [];
  const secrets: string[] = [];
  for (const value of Object.values(config.headers)) {
    secrets.push(value);
    const token = SCHEME_VALUE.exec(value)?.[1];
    if (token !== undefined) secrets.push(token);
  }
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    return secrets;
  }
  if (url.username !== '') secrets.push(decodeURIComponent(url.username));
  if (url.password !== '') secrets.push(decodeURIComponent(url.password));
  const redacted = new URL(redactUrl(config.url));
  const secretParams = (original: URLSearchParams, cleaned: URLSearchParams) => {
    const kept = [...cleaned.values()];
    [...original.values()].forEach((value, index) => {
      if (kept[index] !== value) secrets.push(value);
    });
  };
  secretParams(url.searchParams, redacted.searchParams);
  if (url.hash.includes('=')) {
    secretParams(new URLSearchParams(url.hash.slice(1)), new URLSearchParams(redacted.hash.slice(1)));
  }
  return secrets;
}
