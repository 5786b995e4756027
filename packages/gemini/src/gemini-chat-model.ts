import {
  AbortedError,
  APICallError,
  type CallOptions,
  type ChatModel,
  type ChatRequest,
  type ChatRequestInput,
  type ModelCapabilities,
  type ModelResponse,
  type StreamEvent,
  toChatRequest,
} from '@interlingua/core';
import { type CallAttempt, redactError, startCallAttempt, withIdleTimeout } from '@interlingua/core/adapter';
import { decodeGeminiResponse } from './decode-gemini-response';
import { decodeGeminiStream, GeminiStreamDecoder } from './decode-gemini-stream';
import { encodeGeminiRequest, type GeminiEncodeRequestOptions } from './encode-gemini-request';
import type { GeminiTransport } from './gemini-transport';
import { type AbortContext, mapGenerativeAIError } from './map-generative-ai-error';

/** How a {@link GeminiChatModel} talks to Gemini. */
export type GeminiChatModelConfig = {
  /** Provider key (`gemini` unless renamed). */
  provider: string;
  transport: GeminiTransport;
  /**
   * Milliseconds before a call is abandoned (a retryable `APICallError`); `undefined` when the
   * transport's SDK enforces the timeout itself (`@google/genai`).
   */
  timeout: number | undefined;
  /**
   * Milliseconds to wait for each next chunk of a stream once it started, whatever the transport
   * (the `streamIdleTimeout` setting, which defaults to `timeout`); unbounded when absent.
   */
  streamIdleTimeout?: number | undefined;
  /** The secrets (the API key) to redact from every error; read when an error is raised. */
  secrets?: (() => readonly (string | undefined)[]) | undefined;
  /** Retries of a retryable failure before the first byte (429, 5xx, connection errors); 0 when the SDK retries. */
  maxRetries: number;
  /** Media of tool results inside `functionResponse.parts`, per model id; `undefined`: the codec's default. */
  functionResponseParts?: (modelId: string) => boolean | undefined;
  /** The backend streams function-call arguments in pieces when asked (Vertex AI). */
  streamFunctionCallArguments?: boolean;
};

const CAPABILITIES: Partial<ModelCapabilities> = {
  toolCalling: 'native',
  parallelToolCalls: true,
  toolChoice: ['auto', 'none', 'required', 'tool'],
  systemPrompt: 'native',
  imageInput: true,
};

/**
 * A Gemini model as a `ChatModel`: `geminiCodec` joined to a transport. Only orchestration
 * lives here — encode, send (with timeout and retries), decode — plus one thing the codec
 * cannot know: the call ids already in the history, so synthesized ids never repeat them.
 */
export class GeminiChatModel implements ChatModel {
  readonly capabilities: Partial<ModelCapabilities> = CAPABILITIES;

  constructor(
    readonly modelId: string,
    private readonly config: GeminiChatModelConfig,
  ) {}

  get provider(): string {
    return this.config.provider;
  }

  async generate(input: ChatRequestInput, options: CallOptions = {}): Promise<ModelResponse> {
    const request = toChatRequest(input);
    const { value: body, warnings } = encodeGeminiRequest(request, this.encodeOptions(false));
    const { value: raw, attempt } = await this.send(
      ({ signal }) => this.config.transport.generate(this.modelId, body, { signal, headers: options.headers }),
      options,
      false,
    );
    attempt.release();
    const response = decodeGeminiResponse(raw, { reservedIds: historyCallIds(request) });
    return warnings.length === 0 ? response : { ...response, warnings: [...warnings, ...response.warnings] };
  }

  async *stream(input: ChatRequestInput, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    const request = toChatRequest(input);
    const { value: body, warnings } = encodeGeminiRequest(request, this.encodeOptions(true));
    const idleMs = this.config.streamIdleTimeout ?? Number.POSITIVE_INFINITY;
    const { transport } = this.config;
    // A transport that reads the bytes itself bounds each wait and maps its errors: no layer here.
    const reads = transport.readsStreams === true;
    const { value: stream, attempt } = await this.send(
      (started) =>
        transport.stream(this.modelId, body, {
          signal: started.signal,
          headers: options.headers,
          ...(reads
            ? {
                read: {
                  idleTimeoutMs: idleMs,
                  signal: options.signal,
                  mapError: (thrown: unknown) => this.mapError(thrown, started.context()),
                },
              }
            : {}),
        }),
      options,
      // Else an idle stream is abandoned through the attempt's own controller.
      !reads && Number.isFinite(idleMs),
    );
    // `timeout` covered the start; from here each wait for a chunk is bounded. The attempt's
    // controller stays tied to the caller's signal until the stream ends or is abandoned.
    attempt.stopTimer();
    const reservedIds = historyCallIds(request);
    // Each event as the caller gets it; throws when the caller asked to stop.
    const emit = (event: StreamEvent): StreamEvent => {
      // An SDK may still hand over chunks it had buffered; the caller asked to stop, so stop now.
      if (options.signal?.aborted === true) throw this.mapError(options.signal.reason, attempt.context());
      // The caller asked to stop: that is thrown, as before the stream started, not reported as a failure.
      if (event.type === 'error' && AbortedError.isInstance(event.error)) {
        if (event.usage !== undefined) event.error.usage ??= event.usage;
        throw event.error;
      }
      return event.type === 'finish' && warnings.length > 0
        ? { ...event, warnings: [...warnings, ...(event.warnings ?? [])] }
        : event;
    };
    try {
      if (!reads) {
        const chunks = withIdleTimeout(stream, {
          timeoutMs: idleMs,
          abort: (reason) => attempt.abort(reason),
          provider: 'Gemini',
          signal: options.signal,
          mapError: (thrown) => this.mapError(thrown, attempt.context()),
        });
        for await (const event of decodeGeminiStream(chunks, { reservedIds })) yield emit(event);
        return;
      }
      // The transport's chunks go straight into the push decoder: one generator (this one)
      // between the transport's reader and the caller.
      const decoder = new GeminiStreamDecoder({ reservedIds });
      const iterator = stream[Symbol.asyncIterator]();
      const events: StreamEvent[] = [];
      // Whether the source ended or threw (else it is closed when the stream stops early).
      let settled = false;
      try {
        for (let done = false; !done; ) {
          try {
            const result = await iterator.next();
            if (result.done === true) {
              settled = true;
              done = true;
              decoder.end(events);
            } else done = decoder.push(result.value, events);
          } catch (error) {
            // The source failed mid-stream (connection cut, unparseable SSE): the stream ends in an error.
            settled = true;
            done = true;
            events.push(decoder.failed(error));
          }
          for (const event of events) yield emit(event);
          events.length = 0;
        }
      } finally {
        if (!settled) await iterator.return?.();
      }
    } finally {
      attempt.release();
    }
  }

  // Whatever the transport's mapper makes of it, no key or credential URL stays in the error.
  private mapError(thrown: unknown, context: AbortContext): Error {
    const mapped = (this.config.transport.mapError ?? mapGenerativeAIError)(thrown, context);
    return redactError(mapped, this.config.secrets?.() ?? []);
  }

  private encodeOptions(stream: boolean): GeminiEncodeRequestOptions {
    const parts = this.config.functionResponseParts?.(this.modelId);
    return {
      model: this.modelId,
      ...(stream ? { stream } : {}),
      ...(parts === undefined ? {} : { functionResponseParts: parts }),
      ...(this.config.streamFunctionCallArguments === true ? { streamFunctionCallArguments: true } : {}),
    };
  }

  private async send<T>(
    call: (attempt: CallAttempt) => Promise<T>,
    options: CallOptions,
    ownController: boolean,
  ): Promise<{ value: T; attempt: CallAttempt }> {
    for (let retry = 0; ; retry++) {
      const attempt = startCallAttempt({
        timeoutMs: this.config.timeout,
        signal: options.signal,
        ownSignal: ownController,
      });
      try {
        return { value: await call(attempt), attempt };
      } catch (thrown) {
        attempt.release();
        const error = this.mapError(thrown, attempt.context());
        if (!APICallError.isInstance(error) || !error.isRetryable || retry >= this.config.maxRetries) throw error;
        await delay(retryDelayMs(error, retry), options.signal);
      }
    }
  }
}

// The call ids of the history, collected only if an id has to be synthesized.
function historyCallIds(request: ChatRequest): { has(id: string): boolean } {
  let ids: Set<string> | undefined;
  return {
    has(id) {
      if (ids === undefined) {
        ids = new Set();
        for (const message of request.messages) {
          if (message.role !== 'assistant') continue;
          for (const part of message.content) if (part.type === 'tool-call') ids.add(part.id);
        }
      }
      return ids.has(id);
    },
  };
}

function retryDelayMs(error: APICallError, attempt: number): number {
  if (error.retryAfterSeconds !== undefined) return Math.min(error.retryAfterSeconds * 1000, 60_000);
  return Math.min(500 * 2 ** attempt, 8_000);
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new AbortedError({ message: 'The Gemini call was aborted by its AbortSignal.', cause: signal.reason }));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError({ message: 'The Gemini call was aborted by its AbortSignal.', cause: signal?.reason }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
