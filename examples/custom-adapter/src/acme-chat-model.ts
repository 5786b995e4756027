import {
  AbortedError,
  APICallError,
  type CallOptions,
  type ChatModel,
  type ChatRequest,
  type ModelResponse,
  type StreamEvent,
} from '@interlingua/core';
import type { AcmeStreamEvent } from './acme-api';
import { acmeCodec } from './acme-codec';

/** How an {@link AcmeChatModel} reaches Acme. */
export type AcmeChatModelConfig = { baseURL: string; apiKey: string; fetch: typeof globalThis.fetch };

/**
 * A `ChatModel` over Acme Chat: the codec joined to a transport. Acme has no SDK, so the
 * transport is `fetch`: `POST <baseURL>/v1/chat` with `Authorization: Bearer <key>`; a stream is
 * SSE `data:` lines ending in `data: [DONE]`.
 */
export class AcmeChatModel implements ChatModel {
  readonly provider = 'acme';
  readonly capabilities = { toolCalling: 'native' as const, systemPrompt: 'native' as const };

  constructor(
    readonly modelId: string,
    private readonly config: AcmeChatModelConfig,
  ) {}

  async generate(request: ChatRequest, options: CallOptions = {}): Promise<ModelResponse> {
    const { value: body, warnings } = acmeCodec.encodeRequest(request, { model: this.modelId });
    const response = await this.post(body, options);
    const decoded = acmeCodec.decodeResponse(await response.json().catch(() => undefined));
    return { ...decoded, warnings: [...warnings, ...decoded.warnings] };
  }

  async *stream(request: ChatRequest, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    const { value: body, warnings } = acmeCodec.encodeRequest(request, { model: this.modelId, stream: true });
    const response = await this.post(body, options);
    let failure: unknown;
    const chunks = async function* (): AsyncIterable<unknown> {
      try {
        yield* readSSE(response);
      } catch (error) {
        failure = error;
      }
    };
    // Unchecked JSON is fine here: the decoder validates every chunk.
    for await (const event of acmeCodec.decodeStream(chunks() as AsyncIterable<AcmeStreamEvent>)) {
      if (options.signal?.aborted === true) throw new AbortedError({ message: 'The Acme call was aborted.' });
      if (failure !== undefined) {
        yield {
          type: 'error',
          error: new APICallError({ message: String(failure), isRetryable: true, cause: failure }),
        };
        return;
      }
      yield event.type === 'finish' ? { ...event, warnings: [...warnings, ...(event.warnings ?? [])] } : event;
    }
  }

  private async post(body: unknown, options: CallOptions): Promise<Response> {
    let response: Response;
    try {
      response = await this.config.fetch(`${this.config.baseURL.replace(/\/+$/, '')}/v1/chat`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${this.config.apiKey}`,
          ...options.headers,
        },
        body: JSON.stringify(body),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    } catch (error) {
      if (options.signal?.aborted === true)
        throw new AbortedError({ message: 'The Acme call was aborted.', cause: error });
      throw new APICallError({ message: `Acme call failed: ${String(error)}`, isRetryable: true, cause: error });
    }
    if (!response.ok) {
      const errorBody: unknown = await response.json().catch(() => undefined);
      const error = (errorBody as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      throw new APICallError({
        message: typeof error?.message === 'string' ? error.message : `Acme answered HTTP ${response.status}.`,
        statusCode: response.status,
        providerErrorType: typeof error?.code === 'string' ? error.code : undefined,
        responseBody: errorBody,
      });
    }
    return response;
  }
}

async function* readSSE(response: Response): AsyncIterable<unknown> {
  if (response.body === null) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffer += decoder.decode(read.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const data = buffer.slice(0, end).replace(/^data: /, '');
      buffer = buffer.slice(end + 2);
      if (data === '[DONE]') return;
      try {
        yield JSON.parse(data);
      } catch {
        yield data; // not JSON: the codec reports it as an error event
      }
      end = buffer.indexOf('\n\n');
    }
  }
}
