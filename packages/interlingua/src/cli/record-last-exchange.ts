import { redactUrl } from '@interlingua/core/adapter';

/** The last model request the CLI sent and what came back, for an error message that can say more. */
export type ModelExchange = {
  method: string;
  /** Redacted (no `?key=`, no `user:password@`). */
  url: string;
  /** Unset when the server could not be reached. */
  status?: number;
  contentType?: string;
  /** The start of a failed response's body (64 KB at most). */
  body?: string;
};

const MAX_BODY = 64 * 1024;

/** Wraps a `fetch` so the last request and its failed response are remembered. */
export function recordLastExchange(baseFetch: typeof fetch): {
  fetch: typeof fetch;
  last(): ModelExchange | undefined;
} {
  let last: ModelExchange | undefined;
  const recording: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const exchange: ModelExchange = {
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      url: redactUrl(url),
    };
    last = exchange;
    const response = await baseFetch(input, init);
    exchange.status = response.status;
    const contentType = response.headers.get('content-type');
    if (contentType !== null) exchange.contentType = contentType;
    if (!response.ok) {
      try {
        exchange.body = (await response.clone().text()).slice(0, MAX_BODY);
      } catch {
        // A body that cannot be read twice: the status and type still say a lot.
      }
    }
    return response;
  };
  return { fetch: recording, last: () => last };
}
