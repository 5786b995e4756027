import { type CallOptions, InvalidSettingError } from '@interlingua/core';
import { LeanHTTPClient, readSSEJSON, stainlessErrorFactory } from '@interlingua/core/adapter';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/error';
import { mapOpenAIError } from './map-openai-error';
import { OPENAI_DEFAULT_TIMEOUT_MS } from './openai-transport';

/** What the lean transport of {@link createOpenAI} is built from: the SDK client's settings. */
export type OpenAILeanSettings = {
  apiKey?: string | undefined;
  baseURL?: string | undefined;
  organization?: string | undefined;
  project?: string | undefined;
  headers?: Record<string, string> | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  timeout?: number | undefined;
  maxRetries?: number | undefined;
};

/** The `openai` SDK's default API root, also the lean transport's (`OPENAI_BASE_URL` overrides it, as for the SDK). */
const OPENAI_BASE_URL = 'https://api.openai.com/v1';

// A lean call's failures as the `openai` SDK's errors, for `mapOpenAIError`.
const SDK_ERRORS = stainlessErrorFactory({
  APIError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
});

/**
 * The lean transport's client for OpenAI and compatible servers, made on the first call (so a
 * missing key fails that call, as with the SDK) and kept: the headers the SDK sends for auth
 * (`Authorization: Bearer`, `OpenAI-Organization`, `OpenAI-Project`) and the caller's, over one
 * keep-alive pool. Failures become the same errors as the SDK transport's: an HTTP error is
 * built as the SDK builds it (`APIError.generate` from the body text) and mapped by
 * `mapOpenAIError`, so status, type, message and body match; the key is redacted.
 */
export function createOpenAILeanClient(settings: OpenAILeanSettings): () => LeanHTTPClient {
  let client: LeanHTTPClient | undefined;
  return () => {
    if (client !== undefined) return client;
    const key = settings.apiKey ?? process.env.OPENAI_API_KEY;
    if (key === undefined || key === '') {
      throw new InvalidSettingError({
        message:
          'Expected an OpenAI API key: pass `apiKey` to createOpenAI() or set the OPENAI_API_KEY environment variable, got neither.',
      });
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${key}`,
    };
    if (settings.organization !== undefined) headers['openai-organization'] = settings.organization;
    if (settings.project !== undefined) headers['openai-project'] = settings.project;
    for (const [name, value] of Object.entries(settings.headers ?? {})) headers[name.toLowerCase()] = value;
    client = new LeanHTTPClient({
      baseURL: settings.baseURL ?? nonEmpty(process.env.OPENAI_BASE_URL) ?? OPENAI_BASE_URL,
      headers,
      timeout: settings.timeout,
      maxRetries: settings.maxRetries,
      fetch: settings.fetch,
      errors: SDK_ERRORS,
      mapError: (error, url) => mapOpenAIError(error, undefined, [key], url),
    });
    return client;
  };
}

/** Sends a non-streaming request of the lean transport; resolves to the answer's JSON. */
export function sendOpenAILean(client: LeanHTTPClient, path: string, body: unknown, options: CallOptions) {
  return client.requestJSON({ path, body: JSON.stringify(body), signal: options.signal, headers: options.headers });
}

/**
 * Sends a streaming request of the lean transport and reads its SSE `data` as JSON, each wait
 * bounded by `streamIdleTimeout` (dropping the connection when it runs out), errors mapped as
 * the SDK transport maps them.
 */
export async function streamOpenAILean(
  client: LeanHTTPClient,
  path: string,
  body: unknown,
  options: CallOptions,
  stream: { streamIdleTimeout: number | undefined; doneData?: string | undefined },
): Promise<AsyncIterable<unknown>> {
  const { signal } = options;
  const answer = await client.requestStream({ path, body: JSON.stringify(body), signal, headers: options.headers });
  return readSSEJSON(answer.body, {
    timeoutMs: stream.streamIdleTimeout ?? OPENAI_DEFAULT_TIMEOUT_MS,
    provider: 'OpenAI',
    signal,
    doneData: stream.doneData,
    abort: answer.abort,
    onEnd: answer.release,
    mapError: (error) => client.toError({ type: 'body', error }, path),
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
