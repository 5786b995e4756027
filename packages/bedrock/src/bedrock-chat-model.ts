import type {
  BedrockRuntimeClient,
  ConverseCommand,
  ConverseCommandInput,
  ConverseStreamCommand,
  ConverseStreamCommandInput,
} from '@aws-sdk/client-bedrock-runtime';
import {
  AbortedError,
  type CallOptions,
  type ChatModel,
  type ChatRequestInput,
  type ModelCapabilities,
  type ModelResponse,
  type StreamEvent,
  toChatRequest,
} from '@interlingua/core';
import { IdleWatch, startCallAttempt } from '@interlingua/core/adapter';
import type { BedrockConverseRequest } from './bedrock-api';
import { BEDROCK_STREAM_EXCEPTIONS } from './bedrock-api';
import { bedrockCodec } from './bedrock-codec';
import type { BedrockLeanCall, BedrockLeanClient } from './bedrock-lean-transport';
import { convertToBedrockSdkInput } from './convert-to-bedrock-sdk-input';
import { BedrockStreamDecoder } from './decode-bedrock-stream';
import { type EventStreamOutput, EventStreamReader } from './event-stream-reader';
import { type BedrockAbortContext, mapBedrockError } from './map-bedrock-error';
import { serializeBedrockBody } from './serialize-bedrock-body';
import { type TakenBody, takeEventStreamBody } from './take-event-stream-body';

type BedrockSdk = typeof import('@aws-sdk/client-bedrock-runtime');
let sdk: BedrockSdk | undefined;
let loadingSdk: Promise<BedrockSdk> | undefined;
// The SDK's command classes, loaded with the first call and kept: an `import()` per call costs a
// module resolution each time (a round trip to the loader thread under tsx and other loaders).
function loadSdk(): BedrockSdk | Promise<BedrockSdk> {
  if (sdk !== undefined) return sdk;
  loadingSdk ??= import('@aws-sdk/client-bedrock-runtime').then(
    (loaded) => (sdk = loaded),
    (error: unknown) => {
      // A failed load is not kept: the next call tries again.
      loadingSdk = undefined;
      throw error;
    },
  );
  return loadingSdk;
}

/** What a {@link BedrockChatModel} needs besides its model id. */
export type BedrockChatModelConfig = {
  /** The provider key reported by the model (`bedrock` unless renamed). */
  provider: string;
  /** The SDK client, or a function creating it on first use (the SDK is then loaded only when a call is made). */
  client: BedrockRuntimeClient | (() => BedrockRuntimeClient | Promise<BedrockRuntimeClient>);
  /** Milliseconds to wait for an answer to start before the call is abandoned with a retryable `APICallError`. */
  timeout: number;
  /** Milliseconds to wait for each next event of a stream (default: `timeout`). */
  streamIdleTimeout?: number;
  /** Headers added to every request. */
  headers?: Record<string, string> | undefined;
  /** With the lean transport: returns its client, used instead of the SDK's (see `transport`). */
  lean?: (() => Promise<BedrockLeanClient>) | undefined;
  /** The secrets to redact from every error (the API key, the secret access key), read at each failure. */
  secrets?: (() => readonly (string | undefined)[]) | undefined;
};

const CAPABILITIES: Partial<ModelCapabilities> = {
  toolCalling: 'native',
  toolChoice: ['auto', 'required', 'tool'],
  systemPrompt: 'native',
};

// The exception classes the SDK throws mid-stream, by name → the stream member the codec reads.
const STREAM_MEMBERS = new Map(
  Object.entries(BEDROCK_STREAM_EXCEPTIONS).map(([member, { type }]) => [type as string, member]),
);
const EXCEPTION_MEMBERS: ReadonlySet<string> = new Set(Object.keys(BEDROCK_STREAM_EXCEPTIONS));

/**
 * A `ChatModel` over Amazon Bedrock Converse: the {@link bedrockCodec} joined to the official
 * SDK (`ConverseCommand`, `ConverseStreamCommand`). The SDK signs (SigV4 or a Bedrock API key),
 * sends and retries; this class encodes, decodes and reads a stream's event-stream frames itself
 * (`EventStreamReader`, CRC-checked, from the body the SDK's middleware hands over). `generate`
 * rejects with `APICallError` / `AbortedError` / `InvalidSettingError`; `stream` throws failures
 * before the first event and ends with an `error` event on an exception mid-stream
 * (`modelStreamErrorException`, `throttlingException`, …) or a cut stream.
 */
export class BedrockChatModel implements ChatModel {
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities: Partial<ModelCapabilities> = CAPABILITIES;
  private readonly config: BedrockChatModelConfig;
  private client: BedrockRuntimeClient | Promise<BedrockRuntimeClient> | undefined;

  constructor(modelId: string, config: BedrockChatModelConfig) {
    this.modelId = modelId;
    this.provider = config.provider;
    this.config = config;
  }

  private async getClient(): Promise<BedrockRuntimeClient> {
    if (this.client === undefined) {
      const { client } = this.config;
      this.client = typeof client === 'function' ? client() : client;
      // A failed creation is not kept: the next call tries again.
      if (this.client instanceof Promise) this.client.catch(() => (this.client = undefined));
    }
    return this.client;
  }

  async generate(requestInput: ChatRequestInput, options: CallOptions = {}): Promise<ModelResponse> {
    const request = toChatRequest(requestInput);
    const { value: input, warnings } = bedrockCodec.encodeRequest(request, { model: this.modelId });
    const attempt = startCallAttempt({ timeoutMs: this.config.timeout, signal: options.signal });
    let output: unknown;
    try {
      if (this.config.lean !== undefined) {
        const lean = await this.config.lean();
        output = await lean.converse(this.leanCall(input, false, options, attempt.signal));
      } else {
        const client = await this.getClient();
        const { ConverseCommand } = await loadSdk();
        const command = withHeaders(new ConverseCommand(convertToBedrockSdkInput(input) as ConverseCommandInput), {
          ...this.config.headers,
          ...options.headers,
        });
        output = await client.send(command, { abortSignal: attempt.signal });
      }
    } catch (error) {
      throw this.mapError(error, attempt.context());
    } finally {
      attempt.release();
    }
    return this.decode(output, warnings);
  }

  private mapError(error: unknown, context: BedrockAbortContext): Error {
    return mapBedrockError(error, context, this.config.secrets?.());
  }

  private decode(output: unknown, warnings: ModelResponse['warnings']): ModelResponse {
    const response = bedrockCodec.decodeResponse(output);
    return warnings.length === 0 ? response : { ...response, warnings: [...warnings, ...response.warnings] };
  }

  // The lean transport's call: the JSON body as the SDK serializes it (`modelId` goes in the path).
  private leanCall(
    input: BedrockConverseRequest,
    stream: boolean,
    options: CallOptions,
    signal: AbortSignal,
  ): BedrockLeanCall {
    const headers =
      this.config.headers === undefined ? options.headers : { ...this.config.headers, ...options.headers };
    return { modelId: this.modelId, body: serializeBedrockBody(input, stream), headers, signal };
  }

  // One generator between the response bytes and the caller: the SDK builds, signs, retries and
  // sends the request, and its middleware hands over the raw event stream (`takeEventStreamBody`),
  // read here by `EventStreamReader` into the codec's push decoder, under the idle bound. An
  // answer the middleware left to the SDK is read through the SDK's own iterator instead.
  async *stream(requestInput: ChatRequestInput, options: CallOptions = {}): AsyncIterable<StreamEvent> {
    const request = toChatRequest(requestInput);
    const { value: input, warnings } = bedrockCodec.encodeRequest(request, { model: this.modelId, stream: true });
    const attempt = startCallAttempt({ timeoutMs: this.config.timeout, signal: options.signal });
    const watch = new IdleWatch({
      timeoutMs: this.config.streamIdleTimeout ?? this.config.timeout,
      abort: (reason) => attempt.abort(reason),
      provider: 'Bedrock',
      signal: options.signal,
    });
    const taken: TakenBody = {};
    let iterator: AsyncIterator<unknown> | undefined;
    // The lean stream's link to the caller's signal, dropped once the stream is over.
    let releaseLean: (() => void) | undefined;
    // Whether the SDK's stream has ended or thrown (else it is closed when the caller stops early).
    let settled = false;
    try {
      try {
        if (this.config.lean !== undefined) {
          const lean = await this.config.lean();
          const answer = await lean.converseStream(this.leanCall(input, true, options, attempt.signal));
          releaseLean = answer.release;
          taken.body = answer.body as AsyncIterable<Uint8Array>;
          iterator = taken.body[Symbol.asyncIterator]();
        } else {
          const client = await this.getClient();
          const { ConverseStreamCommand } = await loadSdk();
          const command = withHeaders(
            new ConverseStreamCommand(convertToBedrockSdkInput(input) as ConverseStreamCommandInput),
            {
              ...this.config.headers,
              ...options.headers,
            },
          );
          takeEventStreamBody(command, taken);
          const output = await client.send(command, { abortSignal: attempt.signal });
          if (output.stream === undefined) throw new Error('Bedrock answered ConverseStream without a stream.');
          iterator = (taken.body ?? output.stream)[Symbol.asyncIterator]();
        }
      } catch (error) {
        throw this.mapError(error, attempt.context());
      }
      // A failure of the SDK's stream ends ours: thrown when the caller aborted, else an `error` event.
      const failed = (failure: unknown): StreamEvent => {
        if (options.signal?.aborted === true) throw this.mapError(options.signal.reason, attempt.context());
        const mapped = this.mapError(failure, attempt.context());
        if (AbortedError.isInstance(mapped)) throw mapped;
        return { type: 'error', error: mapped };
      };
      const decoder = new BedrockStreamDecoder();
      const reader = taken.body === undefined ? undefined : new EventStreamReader(EXCEPTION_MEMBERS);
      const frames: EventStreamOutput = { types: [], payloads: [] };
      const events: StreamEvent[] = [];
      // `timeout` bounds the wait for the first bytes, as it bounded the SDK's wait for the first
      // event, and a failure before them is thrown; from then on each wait is bounded on its own.
      let started = false;
      for (let done = false; !done; ) {
        let result: IteratorResult<unknown> | undefined;
        let failure: unknown;
        if (started) watch.startWait();
        try {
          result = await iterator.next();
        } catch (error) {
          settled = true;
          failure = started ? watch.failure(error) : error;
        } finally {
          watch.endWait();
        }
        if (!started) {
          if (result === undefined) throw this.mapError(failure, attempt.context());
          started = true;
          attempt.stopTimer();
        }
        if (result === undefined) {
          // The SDK throws a modeled exception event; hand it to the codec as the member it was.
          const member = failure instanceof Error ? STREAM_MEMBERS.get(failure.name) : undefined;
          if (member === undefined || attempt.signal.aborted) {
            yield failed(failure);
            return;
          }
          decoder.push({ [member]: exceptionPayload(failure as Error) }, events);
          done = true;
        } else if (result.done === true) {
          settled = true;
          // The SDK may end an aborted stream quietly; the caller asked to stop, so say so.
          if (watch.interrupted) {
            yield failed(watch.failure(undefined));
            return;
          }
          try {
            reader?.end();
          } catch (error) {
            yield failed(error);
            return;
          }
          decoder.end(events);
          done = true;
        } else if (reader === undefined) done = decoder.push(result.value, events);
        else {
          // The events of the frames before a bad one still count; the bad one ends the stream.
          try {
            reader.push(result.value as Uint8Array, frames);
          } catch (error) {
            failure = error;
          }
          const { types, payloads } = frames;
          for (let index = 0; index < types.length && !done; index++)
            done = decoder.pushMember(types[index] as string, payloads[index], events);
          types.length = 0;
          payloads.length = 0;
        }
        for (const event of events) {
          if (options.signal?.aborted === true) throw this.mapError(options.signal.reason, attempt.context());
          if (event.type === 'finish' && warnings.length > 0)
            yield { ...event, warnings: [...warnings, ...(event.warnings ?? [])] };
          else yield event;
        }
        events.length = 0;
        if (failure !== undefined && !done) {
          yield failed(failure);
          return;
        }
      }
    } finally {
      watch.dispose();
      if (iterator !== undefined && !settled) await iterator.return?.();
      releaseLean?.();
      attempt.release();
    }
  }
}

function exceptionPayload(error: Error): Record<string, unknown> {
  const { originalStatusCode, originalMessage } = error as { originalStatusCode?: unknown; originalMessage?: unknown };
  return {
    message: error.message,
    ...(typeof originalStatusCode === 'number' ? { originalStatusCode } : {}),
    ...(typeof originalMessage === 'string' ? { originalMessage } : {}),
  };
}

// Extra headers go on in the build step, before the request is signed.
function withHeaders<C extends ConverseCommand | ConverseStreamCommand>(
  command: C,
  headers: Record<string, string>,
): C {
  if (Object.keys(headers).length === 0) return command;
  const stack = command.middlewareStack as unknown as MiddlewareStack;
  stack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers !== undefined) Object.assign(request.headers, headers);
      return next(args);
    },
    { step: 'build', name: 'interlinguaHeaders' },
  );
  return command;
}

type MiddlewareStack = {
  add(
    middleware: (
      next: (args: { request: unknown }) => Promise<unknown>,
    ) => (args: { request: unknown }) => Promise<unknown>,
    options: { step: 'build'; name: string },
  ): void;
};
