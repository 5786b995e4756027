/**
 * A `fetch` for one `@google/genai` call that keeps the last `Response` it returned. The SDK
 * sends through it (building, signing and retrying the request as always); once the SDK's call
 * resolved, `last` is the response the SDK accepted: status checked, retries done. Its body is
 * still unread, for the transport to read itself.
 *
 * Over the global `fetch` in Node it sends with the dispatcher the SDK itself uses when it is
 * given no `fetch`: Undici's own 300 s header and body timeouts turned off, so only the SDK's
 * `timeout` and the stream's idle bound end a slow call, as without a capture. A `fetch` of
 * the caller's own is used as it is, as the SDK would.
 */
export class GenAIResponseCapture {
  /** The last response `fetch` returned. */
  last: Response | undefined;
  readonly fetch: typeof globalThis.fetch;

  constructor(base: typeof globalThis.fetch | undefined) {
    this.fetch = async (input, init) => {
      // The global one is read at call time, as the SDK reads it.
      const response =
        base === undefined
          ? await globalThis.fetch(
              input,
              IN_NODE ? ({ ...init, dispatcher: NO_TIMEOUT_DISPATCHER } as RequestInit) : init,
            )
          : await base(input, init);
      this.last = response;
      return response;
    };
  }
}

const IN_NODE = typeof globalThis.process?.versions?.node === 'string';
const UNDICI_GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

type Dispatcher = { dispatch(options: Record<string, unknown>, handler: unknown): boolean };

// Delegates to Node's global Undici dispatcher with its header and body timeouts off (0).
const NO_TIMEOUT_DISPATCHER: Dispatcher = {
  dispatch(options, handler) {
    const holder = globalThis as unknown as Record<symbol, Dispatcher | undefined>;
    // Node creates its dispatcher lazily, on the first fetch or Headers; a fetch is running here.
    if (holder[UNDICI_GLOBAL_DISPATCHER] === undefined) new Headers();
    const global = holder[UNDICI_GLOBAL_DISPATCHER];
    if (typeof global?.dispatch !== 'function')
      throw new Error('Expected Node’s global Undici dispatcher, found none.');
    return global.dispatch({ ...options, headersTimeout: 0, bodyTimeout: 0 }, handler);
  },
};
