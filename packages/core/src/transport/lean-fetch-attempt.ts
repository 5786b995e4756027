import type { LeanAttempt } from './lean-attempt';

/**
 * One lean attempt sent with a `fetch` of the caller's (`LeanHTTPClientOptions.fetch`: tracing,
 * proxies, tests). The attempt has an `AbortController` of its own, linked to the caller's signal,
 * unless it is sent under the caller's signal as it is (`ownSignal` false: a non-streaming attempt
 * the caller's signal bounds, with no timer of ours).
 */
export class LeanFetchAttempt implements LeanAttempt {
  status = 0;
  private response: Response | undefined;
  private readonly controller: AbortController | undefined;
  private readonly onAbort: (() => void) | undefined;

  constructor(
    private readonly fetch: typeof globalThis.fetch,
    private readonly signal: AbortSignal | undefined,
    ownSignal: boolean,
  ) {
    if (!ownSignal && signal !== undefined) return;
    const controller = new AbortController();
    this.controller = controller;
    if (signal === undefined) return;
    this.onAbort = () => controller.abort(signal.reason);
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  async start(url: string, _path: string, headers: Record<string, string>, body: string): Promise<void> {
    const signal = this.controller?.signal ?? this.signal ?? null;
    this.response = await this.fetch(url, { method: 'POST', headers, body, signal });
    this.status = this.response.status;
  }

  header(name: string): string | null | undefined {
    return this.response?.headers.get(name);
  }

  headers(): Headers {
    return this.response?.headers ?? new Headers();
  }

  get body(): AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> {
    return this.response?.body ?? emptyBody();
  }

  text(): Promise<string> {
    return this.response === undefined ? Promise.resolve('') : this.response.text();
  }

  discard(): void {
    void this.response?.body?.cancel().catch(() => undefined);
  }

  abort(reason: unknown): void {
    this.controller?.abort(reason);
  }

  release(): void {
    if (this.onAbort !== undefined) this.signal?.removeEventListener('abort', this.onAbort);
  }
}

async function* emptyBody(): AsyncIterable<Uint8Array> {}
