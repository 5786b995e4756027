import type { Dispatcher } from 'undici';
import type { LeanAttempt } from './lean-attempt';
import { LeanByteQueue, type LeanByteSource } from './lean-byte-queue';

type RawHeaders = Record<string, string | string[] | undefined>;

const NO_HEADERS: RawHeaders = {};
const NO_CHUNKS: Buffer[] = [];

/**
 * One lean attempt over an `undici` pool, sent with `dispatch` and read through undici's handler
 * callbacks (`onRequestStart` … `onResponseEnd`): no `request()` handler (an `AsyncResource`), no
 * body stream, no `AbortController`. A non-streaming 2xx body is gathered as the chunks arrive
 * and decoded once; a streaming one is handed out through a {@link LeanByteQueue} that pauses
 * the connection when the consumer falls behind. The caller's signal, the attempt's timer and a
 * stream's idle watch all end the attempt through `abort`, which aborts the dispatch (or, before
 * the request has a connection, fails the attempt at once and aborts the dispatch as it starts);
 * the handler itself listens to the caller's signal, so an attempt adds one listener and removes
 * it in `release`.
 */
export class LeanDispatchHandler implements Dispatcher.DispatchHandler, LeanAttempt, LeanByteSource {
  status = 0;
  private rawHeaders: RawHeaders = NO_HEADERS;
  private controller: Dispatcher.DispatchController | undefined;
  // Set when `abort` came before the dispatch had a controller: it is aborted as it gets one.
  private pendingAbort = false;
  private abortReason: unknown;
  private chunks: Buffer[] = NO_CHUNKS;
  private length = 0;
  private discarding = false;
  private queue: LeanByteQueue | undefined;
  // 0: in flight; 1: ended; 2: failed (`error`).
  private outcome = 0;
  private error: unknown;
  // The settling of `start`, then of a `text()` that waits for the end.
  private resolveWait: ((value: undefined) => void) | undefined;
  private rejectWait: ((error: unknown) => void) | undefined;
  private resolveText: ((text: string) => void) | undefined;

  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly stream: boolean,
    private signal: AbortSignal | undefined,
  ) {}

  start(_url: string, path: string, headers: Record<string, string>, body: string): Promise<void> {
    const started = new Promise<undefined>((resolve, reject) => {
      this.resolveWait = resolve;
      this.rejectWait = reject;
    });
    const signal = this.signal;
    if (signal !== undefined) {
      signal.addEventListener('abort', this);
      // Aborted while the attempt was being signed: the listener will not fire.
      if (signal.aborted) this.abort(signal.reason);
    }
    // undici's own header and body timeouts are off: the attempt's timer and the idle watch bound the waits.
    if (!this.pendingAbort)
      this.dispatcher.dispatch({ path, method: 'POST', headers, body, headersTimeout: 0, bodyTimeout: 0 }, this);
    return started;
  }

  /** The caller's signal fired. */
  handleEvent(): void {
    this.abort(this.signal?.reason);
  }

  abort(reason: unknown): void {
    if (this.outcome !== 0) return;
    if (this.controller !== undefined) {
      // undici fails the request at once: `onResponseError` with `reason`.
      this.controller.abort(reason as Error);
      return;
    }
    if (this.pendingAbort) return;
    this.pendingAbort = true;
    this.abortReason = reason;
    this.onResponseError(undefined, reason);
  }

  release(): void {
    this.signal?.removeEventListener('abort', this);
    this.signal = undefined;
  }

  header(name: string): string | undefined {
    const value = this.rawHeaders[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  headers(): Headers {
    const headers = new Headers();
    for (const [name, value] of Object.entries(this.rawHeaders)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    return headers;
  }

  get body(): AsyncIterable<Uint8Array> {
    this.queue ??= new LeanByteQueue(this);
    return this.queue;
  }

  text(): string | Promise<string> {
    if (this.outcome === 1) return this.decode();
    if (this.outcome === 2) return Promise.reject(this.error);
    return new Promise((resolve, reject) => {
      this.resolveText = resolve;
      this.rejectWait = reject;
    });
  }

  discard(): void {
    this.discarding = true;
    this.chunks = NO_CHUNKS;
    this.length = 0;
  }

  resume(): void {
    this.controller?.resume();
  }

  cancel(reason: unknown): void {
    this.abort(reason);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.pendingAbort) controller.abort(this.abortReason as Error);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: RawHeaders): void {
    // An informational answer (1xx) comes before the real one.
    if (status < 200 || this.outcome !== 0) return;
    this.status = status;
    this.rawHeaders = headers;
    const ok = status < 300;
    if (ok && this.stream) this.queue ??= new LeanByteQueue(this);
    else this.chunks = [];
    // A 2xx non-streaming answer is ready once read whole; the others at their head (a failed one
    // is gathered until the retry loop says whether it wants its text).
    if (!ok || this.stream) this.settleWait();
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    // undici may hand an empty chunk (resuming mid-buffer); a Node stream never yields one.
    if (chunk.length === 0) return;
    if (this.queue !== undefined) {
      if (!this.queue.push(chunk)) controller.pause();
    } else if (!this.discarding) {
      this.chunks.push(chunk);
      this.length += chunk.length;
    }
  }

  onResponseEnd(): void {
    if (this.outcome !== 0) return;
    this.outcome = 1;
    this.queue?.end();
    const resolveText = this.resolveText;
    if (resolveText !== undefined) {
      this.resolveText = undefined;
      this.rejectWait = undefined;
      resolveText(this.decode());
    } else this.settleWait();
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: unknown): void {
    if (this.outcome !== 0) return;
    this.outcome = 2;
    this.error = error;
    this.chunks = NO_CHUNKS;
    this.queue?.fail(error);
    const reject = this.rejectWait;
    this.resolveWait = undefined;
    this.rejectWait = undefined;
    this.resolveText = undefined;
    reject?.(error);
  }

  private settleWait(): void {
    const resolve = this.resolveWait;
    this.resolveWait = undefined;
    this.rejectWait = undefined;
    resolve?.(undefined);
  }

  // The whole body as text, as undici's `body.text()`: UTF-8, a leading byte order mark dropped.
  private decode(): string {
    const { chunks } = this;
    if (chunks.length === 0) return '';
    const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, this.length);
    const start = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
    return body.toString('utf8', start);
  }
}
