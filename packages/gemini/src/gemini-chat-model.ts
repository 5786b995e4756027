import {
  AbortedError,
  APICallError,
  type CallOptions,
  type ChatModel,
  type ChatRequest,
  type ModelCapabilities,
  type ModelResponse,
  type StreamEvent,
} from '@interlingua/core';
import { decodeGeminiResponse } from './decode-gemini-response';
import { decodeGeminiStream } from './decode-gemini-stream';
import { encodeGeminiRequest } from './encode-gemini-request';
import type { GeminiTransport } from './generative-ai-transport';
import { mapGenerativeAIError } from './map-generative-ai-error';

/** How a {@link GeminiChatModel} talks to Gemini. */
export type GeminiChatModelConfig = {
  /** Provider key (`gemini` unless renamed). */
  provider: string;
  transport: GeminiTransport;
  /** Milliseconds before a call is abandoned (a retryable `APICallError`). */
  timeout: number;
  /** Retries of a retryable failure before the first byte (429, 5xx, connection errors). */
  maxRetries: number;
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

  async generate(request: ChatRequest, options: CallOptions = {}): Promise<ModelResponse> {
    const { value: body, warnings } = encodeGeminiRequest(request, { model: this.modelId });
    const raw = await this.send(
      (signal) => this.config.transport.generate(this.modelId, body, { signal, headers: options.headers }),
      options,
    );
    const response = decodeGeminiResponse(raw, { reservedIds: historyCallIds(request) });
    return warnings.length === 0 ? response : { ...response, warnings: [...warnings, ...response.warnings] };
  }

  async *stream(request: ChatRequest, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    const { value: body, warnings } = encodeGeminiRequest(request, { model: this.modelId, stream: true });
    let timeoutSignal: AbortSignal | undefined;
    const chunks = await this.send((signal, callTimeout) => {
      timeoutSignal = callTimeout;
      return this.config.transport.stream(this.modelId, body, { signal, headers: options.headers });
    }, options);
    const mapped = mapThrown(chunks, (thrown) =>
      mapGenerativeAIError(thrown, { signal: options.signal, timeoutSignal, timeoutMs: this.config.timeout }),
    );
    for await (const event of decodeGeminiStream(mapped, { reservedIds: historyCallIds(request) })) {
      if (event.type === 'finish' && warnings.length > 0) {
        yield { ...event, warnings: [...warnings, ...(event.warnings ?? [])] };
      } else yield event;
    }
  }

  private async send<T>(
    call: (signal: AbortSignal, timeoutSignal: AbortSignal) => Promise<T>,
    options: CallOptions,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const timeoutSignal = AbortSignal.timeout(this.config.timeout);
      const signal = options.signal === undefined ? timeoutSignal : AbortSignal.any([options.signal, timeoutSignal]);
      try {
        return await call(signal, timeoutSignal);
      } catch (thrown) {
        const error = mapGenerativeAIError(thrown, {
          signal: options.signal,
          timeoutSignal,
          timeoutMs: this.config.timeout,
        });
        if (!APICallError.isInstance(error) || !error.isRetryable || attempt >= this.config.maxRetries) throw error;
        await delay(retryDelayMs(error, attempt), options.signal);
      }
    }
  }
}

// A stream that fails after it started (cut mid-event, reset, timeout) surfaces as our error type;
// the decoder turns it into an `error` event.
async function* mapThrown(chunks: AsyncIterable<unknown>, map: (thrown: unknown) => Error): AsyncIterable<unknown> {
  try {
    yield* chunks;
  } catch (thrown) {
    throw map(thrown);
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
