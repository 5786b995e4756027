import { AbortedError, APICallError } from '@interlingua/core';
import { readSSEJSON } from '@interlingua/core/adapter';
import type { GeminiStreamReadOptions } from './gemini-transport';
import { mergeGeminiUsage } from './merge-gemini-usage';

/**
 * A started stream's bytes: the `Response` the SDK accepted, or the lean transport's body with
 * how to drop its connection (`abort`, when a wait runs out) and unlink the caller's signal
 * (`release`, once it is over).
 */
export type GeminiByteStream = {
  body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;
  abort?: ((reason: unknown) => void) | undefined;
  release?: (() => void) | undefined;
};

/** Options of {@link readGenAIStream}. */
export type ReadGenAIStreamOptions = {
  /** Sends the request again, resuming from `continuationToken`; the stream the server started. */
  resume(continuationToken: string): Promise<GeminiByteStream>;
  read: GeminiStreamReadOptions;
};

// As @google/genai: consecutive hops without a new checkpoint before the stream gives up.
const MAX_RECONNECTS_WITHOUT_PROGRESS = 3;

type Hop = {
  start: string | undefined;
  token: string | undefined;
  finishReason: unknown;
  received: boolean;
  content: boolean;
  feedback: boolean;
  usage: unknown;
};

const newHop = (start: string | undefined): Hop => ({
  start,
  token: undefined,
  finishReason: undefined,
  received: false,
  content: false,
  feedback: false,
  usage: undefined,
});

/**
 * The chunks of a `streamGenerateContent?alt=sse` response (the one `@google/genai` sent, or
 * the lean transport's), read straight from its bytes (`readSSEJSON`: idle bound, abort, error mapping), with the SDK's
 * automatic continuation kept: a hop that ends with `finishReason: "CONTINUATION"` and a
 * `continuationToken` (or is cut off after a new checkpoint) is followed by the same request
 * resuming from that token, and the chunks read on as one stream; the intermediate
 * `finishReason` is dropped and each later hop's usage is added to the earlier hops'. A hop cut
 * off before any checkpoint or content of its own is retried from its starting token, at most
 * three times in a row.
 *
 * Until a chunk carries a `continuationToken` (the usual case: always) nothing is resumable, so
 * the chunks are handed on as `readSSEJSON` reads them, each looked at on the way (no layer of
 * its own between the reader and the codec); from the first token on, the hops are read by
 * `continueHops`.
 *
 * What it throws is mapped by `read.mapError`; an abort, a timeout and an HTTP error before the
 * hop's first chunk are thrown as they come, never resumed. An error chunk (`{ "error": … }`) is
 * passed on like any chunk: the codec ends the stream with the `APICallError` it describes.
 */
export function readGenAIStream(
  first: GeminiByteStream,
  options: ReadGenAIStreamOptions,
): AsyncIterableIterator<unknown> {
  return new GenAIStream(first, options);
}

class GenAIStream implements AsyncIterableIterator<unknown> {
  readonly hop = newHop(undefined);
  readonly chunks: AsyncGenerator<unknown>;
  // Once a token was seen: the errors of the first hop are mapped by `continueHops`, which may resume.
  resumable = false;
  private continued: AsyncGenerator<unknown> | undefined;

  constructor(
    first: GeminiByteStream,
    readonly options: ReadGenAIStreamOptions,
  ) {
    this.chunks = reader(first, options.read, (error) => (this.resumable ? error : options.read.mapError(error)));
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<unknown> {
    return this;
  }

  next(): Promise<IteratorResult<unknown>> {
    if (this.continued !== undefined) return this.continued.next();
    if (this.resumable) {
      this.continued = continueHops(this);
      return this.continued.next();
    }
    const result = this.chunks.next();
    // Runs before the consumer's own reaction to the same promise: the chunk is looked at (and a
    // checkpoint's finishReason dropped) before the codec reads it.
    result.then(this.look, noop);
    return result;
  }

  return(value?: unknown): Promise<IteratorResult<unknown>> {
    return (this.continued ?? this.chunks).return(value);
  }

  private readonly look = (result: IteratorResult<unknown>): void => {
    if (result.done === true) return;
    observe(this.hop, result.value, undefined);
    if (this.hop.token !== undefined) this.resumable = true;
  };
}

// The rest of the stream once it became resumable: the first hop read on, then each resumed one.
async function* continueHops(stream: GenAIStream): AsyncGenerator<unknown> {
  const { resume, read } = stream.options;
  let hop = stream.hop;
  let chunks: AsyncGenerator<unknown> | undefined = stream.chunks;
  // The usage of the hops before this one (the server counts each hop on its own).
  let before: unknown;
  let reconnects = 0;
  let lastError: { error: unknown } | undefined;
  for (;;) {
    let failure: { error: unknown } | undefined;
    try {
      // Mapped here, once it is known whether the hop is resumed.
      chunks ??= reader(await resume(hop.start ?? ''), read, (error) => error);
      for await (const chunk of chunks) yield observe(hop, chunk, before);
    } catch (error) {
      failure = { error };
    }
    chunks = undefined;
    if (hop.usage !== undefined) before = hop.usage;
    if (failure !== undefined && (isStop(failure.error, read.signal) || (isHttpError(failure.error) && !hop.received)))
      throw read.mapError(failure.error);
    const progressed = hop.content || (hop.token !== undefined && hop.token !== hop.start);
    if (failure !== undefined) lastError = failure;
    else if (progressed) lastError = undefined;
    let next: string | undefined;
    if (hop.finishReason !== undefined || hop.feedback) {
      reconnects = 0;
      next = hop.finishReason === 'CONTINUATION' && !hop.feedback && hop.token !== hop.start ? hop.token : undefined;
    } else if (hop.token !== undefined && hop.token !== hop.start) {
      reconnects = 0;
      next = hop.token;
    } else if (!hop.content && reconnects < MAX_RECONNECTS_WITHOUT_PROGRESS) {
      reconnects++;
      next = hop.start;
    }
    if (next !== undefined && !hop.feedback && resumable(hop.finishReason)) {
      hop = newHop(next);
      continue;
    }
    if (failure !== undefined) throw read.mapError(failure.error);
    // The stream gave up: the drop since the last progress is what ended it.
    if (hop.finishReason === undefined && !hop.feedback && lastError !== undefined)
      throw read.mapError(lastError.error);
    return;
  }
}

function reader(
  stream: GeminiByteStream,
  read: GeminiStreamReadOptions,
  mapError: (error: unknown) => unknown,
): AsyncGenerator<unknown> {
  return readSSEJSON(stream.body, {
    timeoutMs: read.idleTimeoutMs,
    provider: 'Gemini',
    signal: read.signal,
    mapError,
    abort: stream.abort,
    onEnd: stream.release,
  });
}

// Records one chunk in its hop; the chunk to pass on (with the earlier hops' usage added).
function observe(hop: Hop, chunk: unknown, before: unknown): unknown {
  hop.received = true;
  if (typeof chunk !== 'object' || chunk === null) return chunk;
  const { promptFeedback, usageMetadata, candidates } = chunk as {
    promptFeedback?: unknown;
    usageMetadata?: unknown;
    candidates?: unknown;
  };
  if (promptFeedback !== undefined && promptFeedback !== null) hop.feedback = true;
  if (usageMetadata !== undefined && usageMetadata !== null) {
    hop.usage = before === undefined ? usageMetadata : mergeGeminiUsage(before, usageMetadata);
    // The parsed chunk is ours: its usage becomes the stream's so far.
    if (before !== undefined) (chunk as { usageMetadata?: unknown }).usageMetadata = hop.usage;
  }
  const candidate = Array.isArray(candidates) ? (candidates[0] as unknown) : undefined;
  if (typeof candidate !== 'object' || candidate === null) return chunk;
  const { content, finishReason, continuationToken } = candidate as {
    content?: { parts?: unknown };
    finishReason?: unknown;
    continuationToken?: unknown;
  };
  if (Array.isArray(content?.parts) && content.parts.length > 0) hop.content = true;
  if (finishReason !== undefined) hop.finishReason = finishReason;
  if (typeof continuationToken === 'string' && continuationToken !== '') hop.token = continuationToken;
  else if (finishReason !== undefined && !resumable(finishReason)) hop.token = undefined;
  // A checkpoint the stream resumes from is no finish.
  if (finishReason !== undefined && hop.token !== undefined && resumable(finishReason))
    delete (candidate as { finishReason?: unknown }).finishReason;
  return chunk;
}

function resumable(finishReason: unknown): boolean {
  return finishReason === undefined || finishReason === 'CONTINUATION';
}

// The caller's abort, the SDK's timeout or the idle bound: never resumed.
function isStop(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted === true || AbortedError.isInstance(error) || APICallError.isInstance(error)) return true;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

// `@google/genai`'s `ApiError` (an HTTP error status), by its shape.
function isHttpError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ApiError';
}

function noop(): void {}
