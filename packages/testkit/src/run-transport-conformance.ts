import { AbortedError, APICallError, type ChatModel, type ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { eventStreamMessagesOf } from './event-stream';
import {
  eventStream,
  hang,
  json,
  type ProviderServer,
  type RecordedRequest,
  type Reply,
  type Route,
  raw,
  type SSEEnd,
  type SSEFormat,
  sse,
  startProviderServer,
} from './provider-server';

/** The transports every built-in adapter offers. */
export type TransportName = 'sdk' | 'lean';

/** Settings a case passes to the model factory (besides the server's URL). */
export type TransportCaseSettings = { maxRetries?: number; timeout?: number; streamIdleTimeout?: number };

/** How {@link runTransportConformance} reaches one adapter. */
export type TransportConformanceOptions = {
  /** The provider's name in the suite's title. */
  name: string;
  /**
   * The path the adapter POSTs to, e.g. `/v1/chat/completions`, or a matcher of the paths
   * (Gemini posts to `…:generateContent` and `…:streamGenerateContent`).
   */
  path: Route['path'];
  /** A model over `transport`, pointed at `url` (the server's), with the API key `apiKey`. */
  model(transport: TransportName, url: string, apiKey: string, settings: TransportCaseSettings): ChatModel;
  request: ChatRequest;
  /** A non-streaming answer body, and the events of a streamed one (in the server's `format`). */
  answer: unknown;
  events: unknown[];
  /** The SSE framing, or `eventstream`: AWS's binary framing of SDK-shaped chunks (`{ messageStart: … }`). */
  format: SSEFormat | 'eventstream';
  /** An error body of the provider for a 4xx (e.g. `{ error: { type, message } }`). */
  errorBody: unknown;
  /** The body of its 429 (default `errorBody`); where the provider says the delay in the body, it says 20 ms. */
  rateLimitBody?: unknown;
  /** Header names whose values must be the same for both transports (auth, API version). */
  sameHeaders: readonly string[];
  /**
   * Where the SDK re-serializes the codec's body (`@google/genai` rebuilds it from its own types:
   * another key order, schema type names in capitals), what of a body must be equal: both
   * bodies are compared through it. Default: the bodies byte for byte.
   */
  normalizeBody?: ((rawBody: string) => unknown) | undefined;
  /**
   * What the provider answers a request it refuses before the model sees it (a bad signature),
   * or `undefined` to go on: checked for every request of every case, for both transports.
   */
  check?: ((request: RecordedRequest) => Reply | undefined) | undefined;
  /** Whether the SDK reads `retry-after-ms` into `retryAfterSeconds` (default true; the AWS SDKs do not). */
  retryAfterMs?: boolean | undefined;
};

// A streamed reply in the case's framing.
function streamReply(
  format: TransportConformanceOptions['format'],
  events: unknown[],
  options: { splitEvery?: number; end?: SSEEnd } = {},
): Reply {
  if (format !== 'eventstream') return sse(format, events, options);
  return eventStream(eventStreamMessagesOf(events), {
    ...(options.splitEvery === undefined ? {} : { splitEvery: options.splitEvery }),
    hang: options.end === 'hang',
    reset: options.end === 'reset',
  });
}

const KEY = 'sk-conformance-0123456789abcdef';

/** An error as the caller sees it: what must be equal for both transports. */
function summarize(error: unknown) {
  if (AbortedError.isInstance(error)) return { name: error.name };
  if (!APICallError.isInstance(error)) return { name: error instanceof Error ? error.name : typeof error, error };
  return {
    name: error.name,
    // Each run has its own server; the port is the one difference allowed.
    message: error.message.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT'),
    statusCode: error.statusCode,
    isRetryable: error.isRetryable,
    providerErrorType: error.providerErrorType,
    responseBody: error.responseBody,
    retryAfterSeconds: error.retryAfterSeconds,
  };
}

type Outcome = {
  requests: RecordedRequest[];
  result?: unknown;
  events?: unknown[];
  error?: ReturnType<typeof summarize>;
};

/**
 * Registers the transport conformance suite of one adapter: each case runs against the testkit's
 * provider server with the SDK transport and with the lean one, and asserts that both sent the
 * same body byte for byte to the same URL (and the same auth headers), decoded the same IR, and threw or reported
 * the same typed errors — 4xx and 5xx bodies, a 200 that is not JSON, a cut stream, an idle
 * stream, an abort mid-stream, a 429 retried after `retry-after-ms`, and no key in any error.
 */
export function runTransportConformance(options: TransportConformanceOptions): void {
  const { path, request } = options;

  async function run(
    transport: TransportName,
    reply: Reply | Reply[],
    call: (model: ChatModel, server: ProviderServer) => Promise<Omit<Outcome, 'requests'>>,
    settings: TransportCaseSettings = {},
  ): Promise<Outcome> {
    const replies = Array.isArray(reply) ? reply : [reply];
    const answer = (request: RecordedRequest, index: number): Reply =>
      options.check?.(request) ?? (replies[Math.min(index, replies.length - 1)] as Reply);
    const server = await startProviderServer({ routes: [{ method: 'POST', path, reply: answer }] });
    try {
      const model = options.model(transport, server.url, KEY, { maxRetries: 0, ...settings });
      const outcome = await call(model, server);
      return { ...outcome, requests: server.requests };
    } finally {
      await server.close();
    }
  }

  async function both(
    reply: () => Reply | Reply[],
    call: (model: ChatModel, server: ProviderServer) => Promise<Omit<Outcome, 'requests'>>,
    settings: TransportCaseSettings = {},
  ): Promise<{ sdk: Outcome; lean: Outcome }> {
    const sdk = await run('sdk', reply(), call, settings);
    const lean = await run('lean', reply(), call, settings);
    expect(lean.requests.map((sent) => sent.url)).toEqual(sdk.requests.map((sent) => sent.url));
    const body = options.normalizeBody ?? ((rawBody: string) => rawBody);
    expect(lean.requests.map((sent) => body(sent.rawBody))).toEqual(sdk.requests.map((sent) => body(sent.rawBody)));
    for (const name of options.sameHeaders) {
      expect(
        lean.requests.map((sent) => sent.headers[name]),
        name,
      ).toEqual(sdk.requests.map((sent) => sent.headers[name]));
    }
    return { sdk, lean };
  }

  const generate = async (model: ChatModel) => {
    try {
      return { result: await model.generate(request) };
    } catch (error) {
      return { error: summarize(error) };
    }
  };
  const stream = (signalAfter?: number) => async (model: ChatModel) => {
    const events: unknown[] = [];
    const controller = new AbortController();
    // Aborts once the events before the stall arrived (some formats' first events decode to none).
    const timer = signalAfter === undefined ? undefined : setTimeout(() => controller.abort(), 300);
    try {
      for await (const event of model.stream(request, { signal: controller.signal })) {
        events.push(
          event.type === 'error' ? { type: 'error', error: summarize(event.error), usage: event.usage } : event,
        );
        if (signalAfter !== undefined && events.length === signalAfter) controller.abort();
      }
      return { events };
    } catch (error) {
      return { events, error: summarize(error) };
    } finally {
      clearTimeout(timer);
    }
  };

  describe(`${options.name}: the SDK and lean transports`, { timeout: 30_000 }, () => {
    it('send the same body and headers and decode the same answer', async () => {
      const { sdk, lean } = await both(() => json(options.answer), generate);
      expect(sdk.result).toBeDefined();
      expect(sdk.requests[0]?.headers[options.sameHeaders[0] ?? 'content-type']).toBeDefined();
      expect(lean.result).toEqual(sdk.result);
    });

    it('send the same streaming body and decode the same events, split anywhere', async () => {
      const { sdk, lean } = await both(() => streamReply(options.format, options.events, { splitEvery: 7 }), stream());
      expect(sdk.events?.at(-1)).toMatchObject({ type: 'finish' });
      expect(lean.events).toEqual(sdk.events);
      expect(lean.error).toEqual(sdk.error);
    });

    it('throw the same APICallError for a 4xx error body, with the key redacted', async () => {
      const echo = JSON.parse(JSON.stringify(options.errorBody).replace('KEY', KEY));
      const { sdk, lean } = await both(() => json(echo, { status: 400 }), generate);
      expect(sdk.error).toMatchObject({ name: 'APICallError', statusCode: 400, isRetryable: false });
      expect(JSON.stringify(sdk.error)).not.toContain(KEY);
      expect(lean.error).toEqual(sdk.error);
    });

    it('throw the same APICallError for a 5xx that is not JSON, and for a stream refused', async () => {
      const text = () => raw('upstream connect error', { status: 503, headers: { 'content-type': 'text/plain' } });
      const plain = await both(text, generate);
      expect(plain.sdk.error).toMatchObject({ name: 'APICallError', statusCode: 503, isRetryable: true });
      expect(plain.lean.error).toEqual(plain.sdk.error);
      const refused = await both(() => json(options.errorBody, { status: 401 }), stream());
      expect(refused.sdk.error).toMatchObject({ statusCode: 401 });
      expect(refused.lean.error).toEqual(refused.sdk.error);
    });

    it('throw the same retryable APICallError for a 200 that is not JSON', async () => {
      const { sdk, lean } = await both(
        () => raw('{"id": "cut', { status: 200, headers: { 'content-type': 'application/json' } }),
        generate,
      );
      expect(sdk.error).toMatchObject({ name: 'APICallError', isRetryable: true });
      expect(lean.error).toEqual(sdk.error);
    });

    it('report a stream cut off (socket reset) the same way', async () => {
      const { sdk, lean } = await both(
        () => streamReply(options.format, options.events.slice(0, 3), { end: 'reset' }),
        stream(),
      );
      const last = (outcome: Outcome) => outcome.error ?? outcome.events?.at(-1);
      expect(last(sdk)).toMatchObject({ type: 'error' });
      expect({ ...(last(lean) as object), error: undefined }).toEqual({ ...(last(sdk) as object), error: undefined });
      const errorOf = (outcome: Outcome) => (last(outcome) as { error: { name: string; isRetryable: boolean } }).error;
      expect(errorOf(lean)).toMatchObject({ name: errorOf(sdk).name, isRetryable: errorOf(sdk).isRetryable });
      expect(lean.events?.slice(0, -1)).toEqual(sdk.events?.slice(0, -1));
    });

    it('end an idle stream with the same retryable error', async () => {
      const { sdk, lean } = await both(
        () => streamReply(options.format, options.events.slice(0, 2), { end: 'hang' }),
        stream(),
        { streamIdleTimeout: 300 },
      );
      expect(sdk.events?.at(-1)).toMatchObject({ type: 'error', error: { name: 'APICallError', isRetryable: true } });
      expect(lean.events).toEqual(sdk.events);
    });

    it('throw AbortedError when the caller aborts mid-stream', async () => {
      const { sdk, lean } = await both(
        () => streamReply(options.format, options.events.slice(0, 2), { end: 'hang' }),
        stream(1),
      );
      expect(sdk.error).toEqual({ name: 'AbortedError' });
      expect(lean.error).toEqual(sdk.error);
      expect(lean.events).toEqual(sdk.events);
    });

    it('retry a 429 after retry-after-ms, then answer the same', async () => {
      const limited = () => [
        json(options.rateLimitBody ?? options.errorBody, { status: 429, headers: { 'retry-after-ms': '20' } }),
        json(options.answer),
      ];
      const { sdk, lean } = await both(limited, generate, { maxRetries: 1 });
      expect(sdk.requests).toHaveLength(2);
      expect(lean.requests).toHaveLength(2);
      expect(lean.result).toEqual(sdk.result);
      const exhausted = await both(limited, generate);
      expect(exhausted.sdk.error).toMatchObject({
        statusCode: 429,
        isRetryable: true,
        ...(options.retryAfterMs === false ? {} : { retryAfterSeconds: 0.02 }),
      });
      expect(exhausted.lean.error).toEqual(exhausted.sdk.error);
    });

    it('time out a response that never starts the same way', async () => {
      const { sdk, lean } = await both(() => hang(), generate, { timeout: 300 });
      expect(sdk.error).toMatchObject({ name: 'APICallError', isRetryable: true });
      expect(lean.error).toEqual(sdk.error);
    });
  });
}
