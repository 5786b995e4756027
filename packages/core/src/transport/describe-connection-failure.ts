import { redactUrl } from '../redact/redact-url';

/**
 * The message of a call that could not reach its server, in one line: what was tried, where (the
 * URL with any credentials redacted), and the chain of causes down to the root (`fetch failed →
 * connect ECONNREFUSED 127.0.0.1:9`), since an SDK's own word is often only "Connection error."
 * with the reason three `cause`s deep.
 *
 * @example
 * describeConnectionFailure('OpenAI', error, 'http://127.0.0.1:9/v1/chat/completions');
 * // 'The connection to OpenAI at http://127.0.0.1:9/v1/chat/completions failed: Connection error. (fetch failed → connect ECONNREFUSED 127.0.0.1:9).'
 */
export function describeConnectionFailure(provider: string, error: unknown, url?: string): string {
  const where = url === undefined ? '' : ` at ${redactUrl(url)}`;
  const [first = 'the connection failed', ...causes] = causeChain(error);
  const text = `${first}${causes.length === 0 ? '' : ` (${causes.join(' → ')})`}`;
  return `The connection to ${provider}${where} failed: ${text}${text.endsWith('.') ? '' : '.'}`;
}

// The messages of an error and its causes, outermost first, each once, at most 8 deep.
function causeChain(error: unknown): string[] {
  const messages: string[] = [];
  let current = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    const message = current instanceof Error ? current.message : typeof current === 'string' ? current : '';
    const code = (current as { code?: unknown }).code;
    const text = message !== '' ? message : typeof code === 'string' ? code : '';
    if (text !== '' && !messages.includes(text)) messages.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages;
}
