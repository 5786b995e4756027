import { InvalidSettingError } from '@interlingua/core';
import { rejectUnknownSettings } from '@interlingua/core/adapter';
import {
  checkTimeoutAndRetries,
  functionResponsePartsConfig,
  type GeminiProvider,
  geminiProvider,
  lazyTransport,
  oneBaseUrl,
  readEnv,
} from './create-gemini';
import { checkTransportChoice } from './gemini-lean-settings';
import { createGenAITransport, type GenAITransportSettings } from './genai-transport';
import { createVertexLeanTransport } from './vertex-lean-transport';
import { createVertexTokenSource } from './vertex-token-source';

/** Settings of {@link createVertex}. */
export type VertexSettings = {
  /** The Google Cloud project; default `GOOGLE_CLOUD_PROJECT`. */
  project?: string;
  /** The region (`us-central1`, `europe-west4`, `global`, …); default `GOOGLE_CLOUD_LOCATION`, else `us-central1`. */
  location?: string;
  /**
   * A service account's key (the parsed JSON: `client_email`, `private_key`, …). Default:
   * Application Default Credentials (`GOOGLE_APPLICATION_CREDENTIALS`, `gcloud auth
   * application-default login`, the metadata server), through the SDK's `google-auth-library`.
   */
  credentials?: NonNullable<GenAITransportSettings['googleAuthOptions']>['credentials'];
  /** Full `google-auth-library` options (an `authClient`, `keyFilename`, scopes, …); `credentials` wins. */
  googleAuthOptions?: GenAITransportSettings['googleAuthOptions'];
  /** A Vertex AI express-mode API key instead of Google Cloud credentials. */
  apiKey?: string;
  /** The endpoint origin; default `https://<location>-aiplatform.googleapis.com`. */
  baseURL?: string;
  /** The same as `baseURL` (the SDK's spelling). */
  baseUrl?: string;
  /** API version path segment (the SDK's default `v1beta1`). */
  apiVersion?: string;
  /** Per-attempt timeout in ms, enforced by the SDK (default 600,000); unless `streamIdleTimeout` is set, also the wait for each next chunk of a stream. */
  timeout?: number;
  /** Milliseconds to wait for each next chunk of a stream once it started (default: `timeout`). */
  streamIdleTimeout?: number;
  /** Retries of 408, 429, 500, 502, 503, 504 and timed-out attempts, by the SDK's rule (default 2); a failed connection is not retried. */
  maxRetries?: number;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
  /** A `fetch` for every call (tracing, proxies, tests). */
  fetch?: typeof globalThis.fetch;
  /** Provider key reported by the models (default `vertex`). */
  name?: string;
  /** Tool results' media inside `functionResponse.parts` (Gemini 3), as for `createGemini`. */
  functionResponseParts?: boolean | ((modelId: string) => boolean | undefined);
  /**
   * How the models send: `'sdk'` (default) through `@google/genai`; `'lean'` through the lean
   * transport — the codec's body over a keep-alive `undici` pool with the same token source
   * (`google-auth-library`, as the SDK uses it), SSE read from the bytes, the SDK's retries and
   * errors, no SDK object per call (see docs/transports.md).
   */
  transport?: 'sdk' | 'lean';
};

// Every key of VertexSettings, checked by the compiler.
const VERTEX_SETTINGS = Object.keys({
  project: true,
  location: true,
  credentials: true,
  googleAuthOptions: true,
  apiKey: true,
  baseURL: true,
  baseUrl: true,
  apiVersion: true,
  timeout: true,
  streamIdleTimeout: true,
  maxRetries: true,
  headers: true,
  fetch: true,
  name: true,
  functionResponseParts: true,
  transport: true,
} satisfies Record<keyof VertexSettings, true>);

/**
 * Creates a provider of Gemini models on Vertex AI over `@google/genai`: the same codec as
 * `createGemini`, another transport — `POST <base>/v1beta1/projects/<project>/locations/<location>/publishers/google/models/<id>:generateContent`
 * with `Authorization: Bearer <access token>` from Application Default Credentials (or the
 * `credentials` / `googleAuthOptions` given). Project and location are read on a model's first
 * call; a missing project fails that call with an `InvalidSettingError` naming `GOOGLE_CLOUD_PROJECT`.
 *
 * @example
 * import { createVertex } from '@interlingua/gemini';
 *
 * const vertex = createVertex({ project: 'my-project', location: 'us-central1' });
 * const response = await vertex('gemini-2.5-flash').generate({
 *   messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
 * });
 */
export function createVertex(settings: VertexSettings = {}): GeminiProvider {
  rejectUnknownSettings(settings, VERTEX_SETTINGS, 'createVertex()');
  const baseUrl = oneBaseUrl(settings);
  const { timeout, maxRetries, streamIdleTimeout } = checkTimeoutAndRetries(settings);
  const choice = checkTransportChoice(settings.transport);
  if (choice === 'own')
    throw new InvalidSettingError({ message: "Expected `transport` to be 'sdk' or 'lean' for createVertex()." });
  // The lean transport's token source, one per provider (google-auth-library caches the token).
  const tokens = choice === 'lean' ? createVertexTokenSource(authOptions(settings)) : undefined;
  const transport = lazyTransport(() => {
    const apiKey = settings.apiKey;
    const project = settings.project ?? readEnv('GOOGLE_CLOUD_PROJECT');
    if (project === undefined && apiKey === undefined) {
      throw new InvalidSettingError({
        message:
          'Expected a Google Cloud project for Vertex AI: pass `project` to createVertex() or set GOOGLE_CLOUD_PROJECT; found none.',
      });
    }
    if (tokens !== undefined)
      return createVertexLeanTransport(settings, { project, tokens, timeout, maxRetries, baseUrl });
    return createGenAITransport({
      vertexai: true,
      ...(apiKey === undefined
        ? { project, location: settings.location ?? readEnv('GOOGLE_CLOUD_LOCATION') ?? 'us-central1' }
        : { apiKey }),
      googleAuthOptions: authOptions(settings),
      baseUrl,
      apiVersion: settings.apiVersion,
      headers: settings.headers,
      fetch: settings.fetch,
      timeout,
      maxRetries,
    });
  }, true);
  return geminiProvider(transport, {
    provider: settings.name ?? 'vertex',
    timeout: undefined,
    streamIdleTimeout,
    maxRetries: 0,
    streamFunctionCallArguments: true,
    secrets: () => [settings.apiKey, tokens?.lastToken()],
    ...functionResponsePartsConfig(settings.functionResponseParts),
  });
}

// `googleAuthOptions` with `credentials` in it, when given.
function authOptions(settings: VertexSettings): VertexSettings['googleAuthOptions'] {
  return settings.credentials === undefined
    ? settings.googleAuthOptions
    : { ...settings.googleAuthOptions, credentials: settings.credentials };
}
