import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk/core/error';
import { type CallOptions, InvalidSettingError } from '@interlingua/core';
import { LeanHTTPClient, stainlessErrorFactory } from '@interlingua/core/adapter';
import { mapAnthropicError } from './map-anthropic-error';

/** What the lean transport of {@link createAnthropic} is built from: the SDK client's settings. */
export type AnthropicLeanSettings = {
  apiKey?: string | undefined;
  baseURL?: string | undefined;
  headers?: Record<string, string> | undefined;
  fetch?: typeof globalThis.fetch | undefined;
  timeout?: number | undefined;
  maxRetries?: number | undefined;
};

/** The Messages API's root (`ANTHROPIC_BASE_URL` overrides it, as for the SDK). */
const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

/**
 * The `anthropic-version` the SDK in the lockfile sends; the conformance test
 * (`anthropic-transports.conformance.test.ts`) fails when an SDK upgrade changes it.
 */
export const ANTHROPIC_VERSION = '2026-10-21';

// A lean call's failures as the SDK's errors, for `mapAnthropicError`.
const SDK_ERRORS = stainlessErrorFactory({
  APIError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
});

/**
 * The lean transport's client for the Messages API, made on the first call (a missing key
 * fails that call, as with the SDK) and kept: `x-api-key` (the documented header, as the SDK
 * transport sends it), `anthropic-version`, and the caller's headers, over one keep-alive pool.
 * An HTTP error is built as the SDK builds it (`APIError.generate` from the body text) and mapped
 * by `mapAnthropicError`, so both transports throw the same errors; the key is redacted.
 */
export function createAnthropicLeanClient(settings: AnthropicLeanSettings): () => LeanHTTPClient {
  let client: LeanHTTPClient | undefined;
  return () => {
    if (client !== undefined) return client;
    const apiKey = settings.apiKey ?? process.env.ANTHROPIC_API_KEY;
    if (apiKey === undefined || apiKey === '') {
      throw new InvalidSettingError({
        message:
          'Expected an Anthropic API key in the `apiKey` setting or the ANTHROPIC_API_KEY environment variable, got neither.',
      });
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      'anthropic-version': ANTHROPIC_VERSION,
      'x-api-key': apiKey,
    };
    for (const [name, value] of Object.entries(settings.headers ?? {})) headers[name.toLowerCase()] = value;
    const baseURL = settings.baseURL ?? nonEmpty(process.env.ANTHROPIC_BASE_URL) ?? ANTHROPIC_BASE_URL;
    client = new LeanHTTPClient({
      baseURL,
      headers,
      timeout: settings.timeout,
      maxRetries: settings.maxRetries,
      fetch: settings.fetch,
      errors: SDK_ERRORS,
      mapError: (error, url) => mapAnthropicError(error, undefined, [apiKey], url),
    });
    return client;
  };
}

/** The options of one lean Messages call. */
export function anthropicLeanRequest(body: unknown, options: CallOptions) {
  return { path: '/v1/messages', body: JSON.stringify(body), signal: options.signal, headers: options.headers };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
