import { ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { ClientFeatureSettings } from './install-client-features';

/** A URL-mode elicitation as a `-32042` error's `data.elicitations` lists it. */
type RequiredUrlElicitation = { message: string; url: string; elicitationId: string };

/**
 * Sends a request, and when the server answers it with `-32042` (URL elicitation required: the
 * user must first visit pages — connect an account, consent — before the call can work), shows
 * each page to the user through the host's URL hook; if the user accepts every one, sends the
 * request once more. Without a hook, behind a relay (`mcp serve`: the client behind it answers),
 * when the user declines, or when the error names no well-formed URL elicitation, the server's
 * error stands. A second `-32042` is not answered again: the user saw the pages once for this call.
 */
export async function answerUrlElicitationRequired<T>(
  send: () => Promise<T>,
  context: {
    server: string;
    features: Pick<ClientFeatureSettings, 'urlElicitation' | 'emit' | 'relay'>;
    signal: AbortSignal | undefined;
  },
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const { server, features } = context;
    const handler = features.relay === undefined ? features.urlElicitation : undefined;
    const elicitations = handler === undefined ? undefined : requiredUrlElicitations(error);
    if (elicitations === undefined || handler === undefined) throw error;
    const signal = context.signal ?? new AbortController().signal;
    for (const elicitation of elicitations) {
      const answer = await handler({ server, ...elicitation }, signal);
      features.emit({ type: 'elicitation', server, action: answer.action, mode: 'url' });
      if (answer.action !== 'accept') throw error;
    }
    return send();
  }
}

function requiredUrlElicitations(error: unknown): RequiredUrlElicitation[] | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, data } = error as { code?: unknown; data?: unknown };
  if (code !== ProtocolErrorCode.UrlElicitationRequired) return undefined;
  const listed =
    typeof data === 'object' && data !== null ? (data as { elicitations?: unknown }).elicitations : undefined;
  if (!Array.isArray(listed) || listed.length === 0) return undefined;
  const found: RequiredUrlElicitation[] = [];
  for (const item of listed) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { message, url, elicitationId } = item as Record<string, unknown>;
    if (typeof url !== 'string' || typeof elicitationId !== 'string') return undefined;
    if (!/^https?:\/\//i.test(url)) return undefined;
    found.push({ message: typeof message === 'string' ? message : '', url, elicitationId });
  }
  return found;
}
