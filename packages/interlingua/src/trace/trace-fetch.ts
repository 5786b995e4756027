import { createRedactor, redactUrl } from '@interlingua/core/adapter';
import { parseMaybeJson, parseSSEData } from './parse-sse-data';
import { isSecretHeaderName, redactHeaders } from './redact-headers';

/** One model-side wire leg, as `--trace` prints it. Credentials are already redacted. */
export type ModelTraceLeg =
  | {
      type: 'model-request';
      method: string;
      url: string;
      headers: Record<string, string>;
      /** The body parsed as JSON, or the raw text when it is not JSON. */
      body: unknown;
    }
  | {
      type: 'model-response';
      url: string;
      status: number;
      /** A JSON body, parsed. */
      body?: unknown;
      /** A server-sent-event body: each event's `data`, parsed as JSON where it is JSON, in order. */
      events?: unknown[];
    };

/** Options of {@link traceFetch}. */
export type TraceFetchOptions = {
  /** Secret values (API keys) to redact wherever they appear, beyond the ones each request sends. */
  secrets?: readonly (string | undefined)[];
};

/**
 * Wraps a `fetch` so that every request body and response body is reported, in order, to
 * `onLeg`, with credentials redacted: the URL through `redactUrl` (user and password, `?key=`),
 * headers by name and by value, and every configured secret, every credential the request
 * itself sends (its `authorization`, `x-api-key`, … values — a key echoed in an error body is
 * caught this way) and every key-shaped value (`Bearer …`, `sk-…`, `AIza…`) in the URL, the
 * headers and both bodies. A streamed (SSE) response is passed on to the caller untouched and
 * reported once it has been read to the end — before the caller sees the end of the stream, so
 * legs print in wire order.
 *
 * @example
 * const fetch = traceFetch(globalThis.fetch, (leg) => console.error(JSON.stringify(leg)));
 * const claude = model('anthropic:claude-sonnet-4-6', { fetch });
 */
export function traceFetch(
  baseFetch: typeof fetch,
  onLeg: (leg: ModelTraceLeg) => void,
  options: TraceFetchOptions = {},
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const headers = headersToRecord(request.headers);
    const secrets = [...(options.secrets ?? []), ...sentCredentials(headers)];
    const redact = createRedactor(secrets);
    const url = redact(redactUrl(request.url));
    const text = request.body === null ? '' : await request.clone().text();
    onLeg({
      type: 'model-request',
      method: request.method,
      url,
      headers: redactHeaders(headers, secrets),
      body: parseMaybeJson(redact(text)),
    });
    const response = await baseFetch(request);
    const contentType = response.headers.get('content-type') ?? '';
    if (response.body === null) {
      onLeg({ type: 'model-response', url, status: response.status });
      return response;
    }
    if (!contentType.includes('text/event-stream')) {
      const body = await response.text();
      onLeg({ type: 'model-response', url, status: response.status, body: parseMaybeJson(redact(body)) });
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    let buffered = '';
    let reported = false;
    // Reported once: at the end of the stream, or when the SDK stops reading early (some cancel after the last event).
    const report = () => {
      if (reported) return;
      reported = true;
      buffered += decoder.decode();
      onLeg({ type: 'model-response', url, status: response.status, events: parseSSEData(redact(buffered)) });
    };
    const tapped = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          report();
          controller.close();
          return;
        }
        buffered += decoder.decode(value, { stream: true });
        controller.enqueue(value);
      },
      async cancel(reason) {
        report();
        await reader.cancel(reason);
      },
    });
    return new Response(tapped, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

// The values of the credential headers a request sends (a `Bearer ` scheme stripped), to redact wherever they reappear.
function sentCredentials(headers: Record<string, string>): string[] {
  const values: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (isSecretHeaderName(name)) values.push(value, value.replace(/^(Bearer|Basic)\s+/i, ''));
  }
  return values;
}

function headersToRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}
