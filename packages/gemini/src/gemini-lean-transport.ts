import { LeanHTTPClient } from '@interlingua/core/adapter';
import type { GeminiTransport, GeminiTransportCallOptions } from './gemini-transport';
import { GENAI_LEAN_ERRORS, GENAI_RETRY_POLICY } from './genai-lean-errors';
import { mapGenAIError } from './map-genai-error';
import { type GeminiByteStream, readGenAIStream } from './read-genai-stream';

/** Settings of {@link createGeminiLeanTransport}: where and how it sends, resolved by `createGemini` / `createVertex`. */
export type GeminiLeanTransportSettings = {
  /** The API root with its version, e.g. `https://generativelanguage.googleapis.com/v1beta`. */
  baseURL: string;
  /** The resource path of a model under `baseURL`, e.g. `/models/gemini-2.5-flash`. */
  modelPath(modelId: string): string;
  /** Headers of every call (lower-case names), the API key's included. */
  headers: Record<string, string>;
  /** Headers asked for on each call (Vertex AI's `Authorization: Bearer`); those of `headers` win. */
  authHeaders?: ((url: string) => Promise<Record<string, string>>) | undefined;
  /** Per-attempt timeout in ms until the response starts (a non-streaming one: until it is read). */
  timeout: number;
  maxRetries: number;
  fetch?: typeof globalThis.fetch | undefined;
};

/**
 * The lean transport of Gemini (the Developer API or Vertex AI): the codec's REST body, as is,
 * POSTed to `<model>:generateContent` or `<model>:streamGenerateContent?alt=sse` over one
 * keep-alive `undici` pool, with `@google/genai`'s retry rule (`GENAI_RETRY_POLICY`) and the
 * errors it throws (`GENAI_LEAN_ERRORS`), mapped by the same `mapGenAIError`; a stream is read
 * from the bytes by `readGenAIStream`, automatic continuation included, as the SDK transport's.
 * No SDK object per call, and the SDK is never loaded.
 */
export function createGeminiLeanTransport(settings: GeminiLeanTransportSettings): GeminiTransport {
  const client = new LeanHTTPClient({
    baseURL: settings.baseURL,
    headers: settings.headers,
    timeout: settings.timeout,
    maxRetries: settings.maxRetries,
    retry: GENAI_RETRY_POLICY,
    fetch: settings.fetch,
    errors: GENAI_LEAN_ERRORS,
    // Thrown as the SDK's errors: the model maps them (`mapError` below) with the call's abort context.
    mapError: (error) => error,
  });
  // The caller's headers, and the token's unless the caller's headers name them.
  const headersOf = async (path: string, options: GeminiTransportCallOptions) => {
    const auth = settings.authHeaders === undefined ? undefined : await settings.authHeaders(client.url(path));
    if (auth === undefined) return options.headers;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(auth))
      if (settings.headers[name.toLowerCase()] === undefined) headers[name.toLowerCase()] = value;
    return options.headers === undefined ? headers : { ...headers, ...options.headers };
  };
  return {
    async generate(modelId, body, options) {
      const path = `${settings.modelPath(modelId)}:generateContent`;
      const headers = await headersOf(path, options);
      return client.requestJSON({ path, body: JSON.stringify(body), signal: options.signal, headers });
    },
    async stream(modelId, body, options) {
      const path = `${settings.modelPath(modelId)}:streamGenerateContent?alt=sse`;
      const send = async (continuationToken: string | undefined): Promise<GeminiByteStream> => {
        // As the SDK: the token at the top level of the same body, after its other fields.
        const sent = continuationToken === undefined ? body : { ...body, continuationToken };
        const headers = await headersOf(path, options);
        return client.requestStream({ path, body: JSON.stringify(sent), signal: options.signal, headers });
      };
      const first = await send(undefined);
      const { read } = options;
      if (read !== undefined) return readGenAIStream(first, { resume: send, read });
      // Without read options (a model of one's own): unbounded, errors as thrown.
      return readGenAIStream(first, {
        resume: send,
        read: { idleTimeoutMs: Number.POSITIVE_INFINITY, signal: options.signal, mapError: (error) => error },
      });
    },
    readsStreams: true,
    mapError: (thrown, abort) => mapGenAIError(thrown, { ...abort, timeoutMs: abort.timeoutMs ?? settings.timeout }),
  };
}

/**
 * A model id as `@google/genai` puts it in the path (its `tModel`): on the Gemini API
 * `models/<id>` unless it starts with `models/` or `tunedModels/`; on Vertex AI
 * `publishers/google/models/<id>` unless it starts with `publishers/`, `projects/` or `models/`,
 * `<publisher>/<id>` becoming `publishers/<publisher>/models/<id>`. An id with `..`, `?` or `&`
 * is refused, as the SDK refuses it.
 */
export function geminiModelResource(modelId: string, vertex: boolean): string {
  if (modelId === '' || modelId.includes('..') || modelId.includes('?') || modelId.includes('&'))
    throw new Error('invalid model parameter');
  if (!vertex)
    return modelId.startsWith('models/') || modelId.startsWith('tunedModels/') ? modelId : `models/${modelId}`;
  if (/^(publishers|projects|models)\//.test(modelId)) return modelId;
  if (!modelId.includes('/')) return `publishers/google/models/${modelId}`;
  const [publisher, id] = modelId.split('/', 2);
  return `publishers/${publisher}/models/${id}`;
}
