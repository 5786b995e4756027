import { type GenerateContentRequest, type GenerativeModel, GoogleGenerativeAI } from '@google/generative-ai';
import type { GeminiRequestBody } from './gemini-api';
import type { GeminiTransport, GeminiTransportCallOptions } from './gemini-transport';

/** Settings of {@link createGenerativeAITransport}. */
export type GenerativeAITransportSettings = {
  apiKey: string;
  /** Origin of the API, without the version (the SDK adds `/v1beta`). */
  baseUrl?: string | undefined;
  /** API version path segment; the SDK's default is `v1beta`. */
  apiVersion?: string | undefined;
  /** Headers sent with every call. */
  headers?: Record<string, string> | undefined;
};

/**
 * The transport over `@google/generative-ai` (`GenerativeModel.generateContent` /
 * `generateContentStream` with `requestOptions.baseUrl`). The SDK sends the key in the
 * `x-goog-api-key` header and posts to `<baseUrl>/v1beta/models/<id>:generateContent` or
 * `:streamGenerateContent?alt=sse`. It has no `fetch` option and no retries: the model retries,
 * and its errors are mapped by `mapGenerativeAIError` (the default of `GeminiTransport.mapError`).
 */
export function createGenerativeAITransport(settings: GenerativeAITransportSettings): GeminiTransport {
  const client = new GoogleGenerativeAI(settings.apiKey);
  const models = new Map<string, GenerativeModel>();
  const modelFor = (modelId: string): GenerativeModel => {
    let model = models.get(modelId);
    if (model === undefined) {
      model = client.getGenerativeModel(
        { model: modelId },
        {
          ...(settings.baseUrl === undefined ? {} : { baseUrl: settings.baseUrl.replace(/\/+$/, '') }),
          ...(settings.apiVersion === undefined ? {} : { apiVersion: settings.apiVersion }),
        },
      );
      models.set(modelId, model);
    }
    return model;
  };
  const requestOptions = (options: GeminiTransportCallOptions) => {
    const headers = { ...settings.headers, ...options.headers };
    return {
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(Object.keys(headers).length === 0 ? {} : { customHeaders: headers }),
    };
  };
  return {
    async generate(modelId, body, options) {
      const result = await modelFor(modelId).generateContent(toSdkRequest(body), requestOptions(options));
      return result.response;
    },
    async stream(modelId, body, options) {
      const result = await modelFor(modelId).generateContentStream(toSdkRequest(body), requestOptions(options));
      // The SDK also aggregates the stream into `response`; a cut stream rejects it, and nobody awaits it.
      result.response.catch(() => undefined);
      return result.stream;
    },
  };
}

// Our body is the SDK's request plus REST fields its 0.24 types lack (`thoughtSignature`,
// `functionCall.id`, `thought`, `functionResponse.parts`); the SDK serializes it as is.
function toSdkRequest(body: GeminiRequestBody): GenerateContentRequest {
  return body as unknown as GenerateContentRequest;
}
