import { type CallOptions, InvalidSettingError } from '@interlingua/core';
import { type LeanFailure, LeanHTTPClient, readSSEJSON } from '@interlingua/core/adapter';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
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
      toError: (failure, url) => mapOpenAIError(toSDKError(failure), undefined, [key], url),
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

// The error the SDK would have thrown for the same failure, for `mapOpenAIError`.
function toSDKError(failure: LeanFailure): unknown {
  switch (failure.type) {
    case 'status': {
      const json = safeJSON(failure.text);
      // As the SDK: the parsed body, else the text as the message.
      return APIError.generate(
        failure.status,
        json as object | undefined,
        json ? undefined : failure.text,
        failure.headers,
      );
    }
    case 'connection':
      return new APIConnectionError({ cause: failure.error instanceof Error ? failure.error : undefined });
    case 'timeout':
      return new APIConnectionTimeoutError();
    case 'abort':
      return new APIUserAbortError();
    case 'body':
      return failure.error;
    default: {
      const unexpected: never = failure;
      return unexpected;
    }
  }
}

function safeJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
