import type { GenerateContentParameters, GoogleGenAI, GoogleGenAIOptions } from '@google/genai';
import type { GeminiRequestBody } from './gemini-api';
import type { GeminiTransport, GeminiTransportCallOptions } from './gemini-transport';
import { GenAIResponseCapture } from './genai-response-capture';
import { mapGenAIError } from './map-genai-error';
import { readGenAIStream } from './read-genai-stream';

/** Settings of {@link createGenAITransport}: the Gemini Developer API (an API key) or Vertex AI. */
export type GenAITransportSettings = {
  /** Gemini Developer API key (`x-goog-api-key`), or a Vertex AI express-mode key with `vertexai`. */
  apiKey?: string | undefined;
  /** Vertex AI instead of the Gemini Developer API. */
  vertexai?: boolean | undefined;
  /** Vertex AI: the Google Cloud project. */
  project?: string | undefined;
  /** Vertex AI: the region, e.g. `us-central1` (or `global`). */
  location?: string | undefined;
  /**
   * Vertex AI: how to authenticate, as `google-auth-library`'s `GoogleAuthOptions` (`credentials`
   * of a service account, `keyFilename`, an `authClient`, …). Default: Application Default Credentials.
   */
  googleAuthOptions?: GoogleGenAIOptions['googleAuthOptions'];
  /** The API origin; the SDK appends the version and the resource path. */
  baseUrl?: string | undefined;
  /** The API version path segment (the SDK's default: `v1beta` for Gemini, `v1beta1` for Vertex AI). */
  apiVersion?: string | undefined;
  /** Headers sent with every call. */
  headers?: Record<string, string> | undefined;
  /** A `fetch` for every call (tracing, proxies, tests); default the global one. */
  fetch?: typeof globalThis.fetch | undefined;
  /** Per-attempt timeout in ms, enforced by the SDK while the body (a stream too) is read. */
  timeout?: number | undefined;
  /** Retries of 408, 429, 5xx and failed connections by the SDK, with exponential backoff. */
  maxRetries?: number | undefined;
};

/**
 * The transport over `@google/genai` (`ai.models.generateContent` / `generateContentStream`):
 * the Gemini Developer API, or Vertex AI with Application Default Credentials through
 * `google-auth-library`. The codec's REST body is handed over as the SDK's parameters
 * (`generationConfig`, `systemInstruction`, `tools`, `toolConfig`, `safetySettings`,
 * `cachedContent` inside `config`), which the SDK turns back into the same REST body. The SDK
 * does the retries and the timeout, and sends through `fetch` when one is given. The SDK is
 * loaded on the first call, so a process that never calls Gemini never loads it.
 *
 * A stream is read from the bytes: the SDK sends it through a per-call `fetch` that keeps the
 * response it accepted (`GenAIResponseCapture`), and `readGenAIStream` reads that body into the
 * REST chunks (one `JSON.parse` per event, the idle bound of `read`), continuing the stream as
 * the SDK would; the SDK's own iterator, which builds a `Response` and a typed copy per chunk,
 * is never run.
 */
export function createGenAITransport(settings: GenAITransportSettings): GeminiTransport {
  let loading: Promise<GoogleGenAI> | undefined;
  const client = (): Promise<GoogleGenAI> => {
    if (loading === undefined) {
      loading = import('@google/genai').then(({ GoogleGenAI }) => createClient(GoogleGenAI, settings));
      // A client that could not be made is not kept: the next call tries again.
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };

  return {
    async generate(modelId, body, options) {
      return (await client()).models.generateContent(toGenAIParameters(modelId, body, options));
    },
    async stream(modelId, body, options) {
      const ai = await client();
      const { read } = options;
      if (read === undefined) return ai.models.generateContentStream(toGenAIParameters(modelId, body, options));
      // The SDK builds, signs, retries and sends the request, and checks the status; the body
      // it accepted is read here, straight from its bytes, never through the SDK's iterator.
      const send = async (continuationToken: string | undefined): Promise<Response> => {
        const capture = new GenAIResponseCapture(settings.fetch);
        await ai.models.generateContentStream(toGenAIParameters(modelId, body, options, capture, continuationToken));
        if (capture.last === undefined) throw new Error('Expected @google/genai to send the stream through its fetch.');
        return capture.last;
      };
      return readGenAIStream(await send(undefined), { resume: send, read });
    },
    readsStreams: true,
    // The SDK enforces the timeout, so this transport names it (the model's context has none).
    mapError: (thrown, abort) => mapGenAIError(thrown, { ...abort, timeoutMs: abort.timeoutMs ?? settings.timeout }),
  };
}

function createClient(Client: typeof GoogleGenAI, settings: GenAITransportSettings): GoogleGenAI {
  return new Client({
    ...(settings.vertexai === true ? { vertexai: true } : {}),
    ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
    ...(settings.project === undefined ? {} : { project: settings.project }),
    ...(settings.location === undefined ? {} : { location: settings.location }),
    ...(settings.googleAuthOptions === undefined ? {} : { googleAuthOptions: settings.googleAuthOptions }),
    ...(settings.apiVersion === undefined ? {} : { apiVersion: settings.apiVersion }),
    httpOptions: {
      ...(settings.baseUrl === undefined ? {} : { baseUrl: settings.baseUrl.replace(/\/+$/, '') }),
      ...(settings.headers === undefined ? {} : { headers: settings.headers }),
      ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
      ...(settings.timeout === undefined ? {} : { timeout: settings.timeout }),
      // `attempts` counts the first call; without retryOptions the SDK does not retry at all.
      retryOptions: { attempts: (settings.maxRetries ?? 2) + 1, initialDelay: 0.5, maxDelay: 8 },
    },
  });
}

// The REST body as the SDK's parameters: contents at the top, everything else in `config`
// (generationConfig's fields flattened into it, as the SDK nests them back).
function toGenAIParameters(
  modelId: string,
  body: GeminiRequestBody,
  options: GeminiTransportCallOptions,
  capture?: GenAIResponseCapture,
  continuationToken?: string,
): GenerateContentParameters {
  const headers =
    options.headers === undefined || Object.keys(options.headers).length === 0 ? undefined : options.headers;
  const { contents, generationConfig, systemInstruction, tools, toolConfig, ...rest } = body;
  const config = {
    ...generationConfig,
    ...rest,
    ...(systemInstruction === undefined ? {} : { systemInstruction }),
    ...(tools === undefined ? {} : { tools }),
    ...(toolConfig === undefined ? {} : { toolConfig }),
    ...(options.signal === undefined ? {} : { abortSignal: options.signal }),
    ...(headers === undefined && capture === undefined
      ? {}
      : { httpOptions: { ...(headers === undefined ? {} : { headers }), ...(capture && { fetch: capture.fetch }) } }),
    // Read from the bytes, a stream is continued by `readGenAIStream`, not by the SDK.
    ...(capture === undefined ? {} : { automaticContinuation: false }),
    ...(continuationToken === undefined ? {} : { continuationToken }),
  };
  return { model: modelId, contents, config } as unknown as GenerateContentParameters;
}
