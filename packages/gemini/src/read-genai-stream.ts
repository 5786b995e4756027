import { AbortedError, APICallError, readSSEJSON } from '@interlingua/core';
import type { GeminiStreamReadOptions } from './gemini-transport';
import { mergeGeminiUsage } from './merge-gemini-usage';

/** Options of {@link readGenAIStream}. */
export type ReadGenAIStreamOptions = {
  /** Sends the request again, resuming from `continuationToken`; the response the SDK accepted. */
  resume(continuationToken: string): Promise<Response>;
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

/**
 * The chunks of a `streamGenerateContent?alt=sse` response that `@google/genai` sent, read
 * straight from its bytes (`readSSEJSON`: idle bound, abort, error mapping), with the SDK's
 * automatic continuation kept: a hop that ends with `finishReason: "CONTINUATION"` and a
 * `continuationToken` (or is cut off after a new checkpoint) is followed by the same request
 * resuming from that token, and the chunks read on as one stream; the intermediate
 * `finishReason` is dropped and each later hop's usage is added to the earlier hops'. A hop cut
 * off before any checkpoint or content of its own is retried from its starting token, at most
 * three times in a row. Without a `continuationToken` (the usual case) it is one plain read.
 *
 * What it throws is mapped by `read.mapError`; an abort, a timeout and an HTTP error before the
 * hop's first chunk are thrown as they come, never resumed. An error chunk (`{ "error": … }`) is
 * passed on like any chunk: the codec ends the stream with the `APICallError` it describes.
 */
export async function* readGenAIStream(first: Response, options: ReadGenAIStreamOptions): AsyncGenerator<unknown> {
  const { read } = options;
  let response: Response | undefined = first;
  let resumeToken: string | undefined;
  // The usage of the hops before this one (the server counts each hop on its own).
  let before: unknown;
  let reconnects = 0;
  let lastError: { error: unknown } | undefined;
  for (;;) {
    const hop: Hop = {
      start: resumeToken,
      token: undefined,
      finishReason: undefined,
      received: false,
      content: false,
      feedback: false,
      usage: undefined,
    };
    let failure: { error: unknown } | undefined;
    try {
      response ??= await options.resume(resumeToken ?? '');
      const chunks = readSSEJSON(response.body, {
        timeoutMs: read.idleTimeoutMs,
        provider: 'Gemini',
        signal: read.signal,
        // Mapped here, once it is known whether the hop is resumed.
        mapError: (error) => error,
      });
      for await (const chunk of chunks) yield observe(hop, chunk, before);
    } catch (error) {
      failure = { error };
    }
    response = undefined;
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
      resumeToken = next;
      continue;
    }
    if (failure !== undefined) throw read.mapError(failure.error);
    // The stream gave up: the drop since the last progress is what ended it.
    if (hop.finishReason === undefined && !hop.feedback && lastError !== undefined)
      throw read.mapError(lastError.error);
    return;
  }
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
  let passed = chunk;
  if (usageMetadata !== undefined && usageMetadata !== null) {
    if (before === undefined) hop.usage = usageMetadata;
    else {
      hop.usage = mergeGeminiUsage(before, usageMetadata);
      passed = { ...chunk, usageMetadata: hop.usage };
    }
  }
  const candidate = Array.isArray(candidates) ? (candidates[0] as unknown) : undefined;
  if (typeof candidate !== 'object' || candidate === null) return passed;
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
  return passed;
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
