import { abortDeadlineOf } from '../abort/abort-deadline';
import type { LeanAttempt } from './lean-attempt';
import { LeanDispatchHandler } from './lean-dispatch-handler';
import { LeanFetchAttempt } from './lean-fetch-attempt';
import { type HeaderLookup, retryDelayMs, shouldRetryStatus } from './lean-retry-policy';
import { Pool } from './undici-pool';

/**
 * Why a lean call failed: an answer that is not 2xx (after the retries), a connection that
 * failed, no response within `timeout`, the caller's abort, or a 2xx body that could not be read
 * or parsed. The client turns it into the adapter's typed error (`errors`, then `mapError`).
 */
export type LeanFailure =
  | { type: 'status'; status: number; headers: Headers; text: string }
  | { type: 'connection'; error: unknown }
  | { type: 'timeout' }
  | { type: 'abort'; error: unknown }
  | { type: 'body'; error: unknown };

/**
 * Builds, for each way a lean call can fail, the error the adapter's SDK throws for the same
 * failure, so that one error mapper (the adapter's, given as `mapError`) serves both transports
 * and they throw the same typed errors. `stainlessErrorFactory` is the one of `openai` and
 * `@anthropic-ai/sdk`.
 */
export type LeanErrorFactory = {
  /** An answer that is not 2xx, once no retry is left: its status, its body as text, its headers. */
  status(status: number, text: string, headers: Headers): unknown;
  /** The connection failed (refused, reset, DNS) before an answer started; `cause` is what `undici` threw. */
  connection(cause: unknown): unknown;
  /** No answer started within `timeout` (a non-streaming one: ended). */
  timeout(): unknown;
  /** The caller's signal fired; `cause` is its reason, or what the interrupted read threw. */
  abort(cause: unknown): unknown;
};

/**
 * When and how soon a lean call is tried again, where an SDK's rule differs from the default
 * (the `openai` and `@anthropic-ai/sdk` one: `shouldRetryStatus`, `retryDelayMs`, failed
 * connections retried).
 */
export type LeanRetryPolicy = {
  /** Whether an answer with this status (and these headers) is tried again. */
  retryStatus(status: number, header: HeaderLookup): boolean;
  /**
   * Milliseconds before the next attempt, after `retriesDone` retries (0 before the first);
   * `header` and `status` are the failed answer's (none after a failed connection).
   */
  delayMs(retriesDone: number, header: HeaderLookup | undefined, status?: number): number;
  /** Whether a failed connection (not a timeout) is tried again. */
  retryConnections: boolean;
};

const SDK_RETRY_POLICY: LeanRetryPolicy = {
  retryStatus: shouldRetryStatus,
  delayMs: retryDelayMs,
  retryConnections: true,
};

/** Settings of a {@link LeanHTTPClient}: one per model (or per factory), kept for its lifetime. */
export type LeanHTTPClientOptions = {
  /** The API root the request paths are appended to, e.g. `https://api.openai.com/v1`. */
  baseURL: string;
  /** Headers of every request, authentication included (lower-case names). */
  headers: Record<string, string>;
  /** Milliseconds each attempt may wait for the response to start (a non-streaming one: to end). Default 600,000. */
  timeout?: number | undefined;
  /** Retries on 408/409/429/5xx and failed connections (the official SDKs' rule and backoff, unless `retry` says otherwise). Default 2. */
  maxRetries?: number | undefined;
  /** Another SDK's retry rule (default: the `openai` and `@anthropic-ai/sdk` one). */
  retry?: LeanRetryPolicy | undefined;
  /** Send with this `fetch` instead of the keep-alive pool (tracing, proxies, tests). */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Signs each attempt: returns the headers to send with this body (AWS SigV4, whose signature
   * covers the time, so every retry is signed anew). What it throws (no credentials) is thrown as is.
   */
  sign?: ((request: LeanSignRequest) => Promise<Record<string, string>>) | undefined;
  /** The SDK's error for each kind of failure, given to `mapError`. */
  errors: LeanErrorFactory;
  /**
   * Turns what `errors` built (or, for a 2xx body that could not be read or parsed, what was
   * thrown) for a call to `url` into the adapter's typed error, redacted; what it returns is thrown.
   */
  mapError: (error: unknown, url: string) => unknown;
};

/** What {@link LeanHTTPClientOptions.sign} signs: the full URL, the headers (lower-case names) and the body. */
export type LeanSignRequest = { url: string; headers: Record<string, string>; body: string };

/** One lean call: the path under `baseURL`, the codec's body as text, the caller's signal and headers. */
export type LeanRequest = {
  path: string;
  body: string;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
};

/** A 2xx streaming answer: its bytes, and how to give it up. */
export type LeanStream = {
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;
  /** Drops the connection (an idle wait ran out); the pending read then throws. */
  abort(reason: unknown): void;
  /** Unlinks the caller's signal; call once the stream is over (`readSSEJSON`'s `onEnd`). */
  release(): void;
};

const DEFAULT_TIMEOUT_MS = 600_000;
const DEFAULT_MAX_RETRIES = 2;

/**
 * The lean transport's HTTP side: POSTs a codec's body over a keep-alive `undici` pool (one per
 * client, for its origin) and applies the official SDKs' policy — retries on 408/409/429/5xx and
 * failed connections with `retry-after-ms` / `retry-after` or exponential backoff with jitter,
 * `maxRetries`; a timeout per attempt until the response starts (for a non-streaming call, until
 * its body is read); the caller's abort. Each attempt is sent with the pool's `dispatch` and read
 * by a `LeanDispatchHandler`: a JSON body gathered and decoded once, a stream's bytes handed out
 * from a small queue with backpressure; no `request()` handler, body stream, SDK object or web
 * `Response`. Per attempt: no `AbortController`, one listener on the caller's signal, and one timer
 * — none when the caller's signal is due no later (`setAbortDeadline`). Failures become the
 * adapter's SDK's errors (`errors`) and go through its mapper (`mapError`), so both transports
 * throw the same typed errors. Streams are read with `readSSEJSON` (its idle watch bounds each
 * wait once the response started).
 *
 * @example
 * const client = new LeanHTTPClient({ baseURL, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, errors, mapError });
 * const body = await client.requestJSON({ path: '/chat/completions', body: JSON.stringify(wire), signal });
 */
export class LeanHTTPClient {
  private readonly options: LeanHTTPClientOptions;
  private readonly base: string;
  private pool: Pool | undefined;
  private readonly targets = new Map<string, { url: string; path: string }>();

  constructor(options: LeanHTTPClientOptions) {
    this.options = options;
    this.base = options.baseURL.replace(/\/+$/, '');
  }

  /** The full URL of a path (named by connection failures). */
  url(path: string): string {
    return this.target(path).url;
  }

  /** Sends a non-streaming request and returns its 2xx body parsed as JSON. */
  async requestJSON(request: LeanRequest): Promise<unknown> {
    const { attempt, finish } = await this.send(request, false);
    // Over the pool the body is read whole by now; a `fetch` reads it here, under the attempt's timer.
    let text = attempt.text();
    if (typeof text !== 'string') {
      try {
        text = await text;
      } catch (error) {
        throw this.toError(finish(error), request.path);
      }
    }
    finish(undefined);
    try {
      return JSON.parse(text);
    } catch (error) {
      throw this.toError({ type: 'body', error }, request.path);
    }
  }

  /** Sends a streaming request; once the response started, its body is the caller's to read. */
  async requestStream(request: LeanRequest): Promise<LeanStream> {
    const { attempt, finish } = await this.send(request, true);
    // The first-byte timeout ends with the headers; from here the idle watch bounds each wait.
    finish(undefined, true);
    return {
      body: attempt.body,
      abort: (reason) => attempt.abort(reason),
      release: () => attempt.release(),
    };
  }

  /** The adapter's typed error for a failure of a call to `path` (a stream's read failing mid-way). */
  toError(failure: LeanFailure, path: string): unknown {
    const { errors, mapError } = this.options;
    const url = this.url(path);
    switch (failure.type) {
      case 'status':
        return mapError(errors.status(failure.status, failure.text, failure.headers), url);
      case 'connection':
        return mapError(errors.connection(failure.error), url);
      case 'timeout':
        return mapError(errors.timeout(), url);
      case 'abort':
        return mapError(errors.abort(failure.error), url);
      case 'body':
        return mapError(failure.error, url);
      default: {
        const unexpected: never = failure;
        return unexpected;
      }
    }
  }

  /** Closes the pool's idle connections (they never keep the process alive). */
  async close(): Promise<void> {
    await this.pool?.close();
  }

  private async send(request: LeanRequest, stream: boolean) {
    const {
      timeout = DEFAULT_TIMEOUT_MS,
      maxRetries = DEFAULT_MAX_RETRIES,
      retry = SDK_RETRY_POLICY,
      sign,
    } = this.options;
    const { signal } = request;
    const callerDeadline = signal === undefined ? undefined : abortDeadlineOf(signal);
    const toError = (failure: LeanFailure) => this.toError(failure, request.path);
    const target = this.target(request.path);
    const unsigned =
      request.headers === undefined ? this.options.headers : { ...this.options.headers, ...lowerCase(request.headers) };
    for (let retriesDone = 0; ; retriesDone++) {
      const retriesLeft = retriesDone < maxRetries;
      if (signal?.aborted === true) throw toError({ type: 'abort', error: signal.reason });
      const headers =
        sign === undefined ? unsigned : await sign({ url: target.url, headers: unsigned, body: request.body });
      // The caller's signal is aborted by its owner no later than our timeout would fire (the
      // gateway's attempt, whose deadline began first): its timer bounds this attempt, ours is not made.
      const ownTimer = callerDeadline === undefined || callerDeadline > performance.now() + timeout;
      const attempt = this.attempt(stream, ownTimer || stream, signal);
      let timedOut = false;
      const timer = ownTimer
        ? setTimeout(() => {
            timedOut = true;
            attempt.abort(new DOMException(`No response within ${timeout} ms.`, 'TimeoutError'));
          }, timeout)
        : undefined;
      timer?.unref?.();
      // Ends the attempt's timer (and, unless the body stays open, the signal's link); says why a read failed.
      const finish = (error: unknown, keepLink = false): LeanFailure => {
        clearTimeout(timer);
        if (!keepLink) attempt.release();
        if (signal?.aborted === true) return { type: 'abort', error };
        return timedOut ? { type: 'timeout' } : { type: 'body', error };
      };
      try {
        await attempt.start(target.url, target.path, headers, request.body);
      } catch (error) {
        const failure = finish(error);
        // A 2xx body that failed once it started (read whole over the pool) is not retried.
        if (failure.type === 'abort' || attempt.status !== 0) throw toError(failure);
        if (retriesLeft && (failure.type === 'timeout' || retry.retryConnections)) {
          await sleep(retry.delayMs(retriesDone, undefined), signal);
          continue;
        }
        throw toError(failure.type === 'timeout' ? failure : { type: 'connection', error });
      }
      const { status } = attempt;
      if (status >= 200 && status < 300) return { attempt, finish };
      const header = (name: string) => attempt.header(name);
      if (retriesLeft && retry.retryStatus(status, header)) {
        finish(undefined);
        attempt.discard();
        await sleep(retry.delayMs(retriesDone, header, status), signal);
        continue;
      }
      // As the SDKs: the body as text (or the reason it could not be read), for the adapter's error.
      let text: string;
      try {
        text = await attempt.text();
      } catch (error) {
        text = error instanceof Error ? error.message : String(error);
      }
      const failure = finish(undefined);
      if (failure.type === 'abort') throw toError(failure);
      throw toError({ type: 'status', status, headers: attempt.headers(), text });
    }
  }

  // One attempt: over the keep-alive pool (one per client, for its origin), or with the caller's `fetch`.
  private attempt(stream: boolean, ownSignal: boolean, signal: AbortSignal | undefined): LeanAttempt {
    const { fetch } = this.options;
    if (fetch !== undefined) return new LeanFetchAttempt(fetch, signal, ownSignal);
    this.pool ??= new Pool(new URL(this.base).origin);
    return new LeanDispatchHandler(this.pool, stream, signal);
  }

  private target(path: string): { url: string; path: string } {
    let target = this.targets.get(path);
    if (target === undefined) {
      const url = new URL(`${this.base}${path}`);
      target = { url: url.href, path: `${url.pathname}${url.search}` };
      this.targets.set(path, target);
    }
    return target;
  }
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}

// Waits before a retry; the caller's abort ends the wait (the next attempt then throws it).
function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, milliseconds);
    signal?.addEventListener('abort', done, { once: true });
  });
}
