import { fileURLToPath } from 'node:url';
import { GoogleGenAI } from '@google/genai';
import { APICallError, type ChatRequest, collectStream, type StreamEvent } from '@interlingua/core';
import {
  json,
  loadCodecFixtures,
  type ProviderServer,
  type Route,
  sse,
  startProviderServer,
} from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createGemini } from './create-gemini';
import { geminiCodec } from './gemini-codec';

// The stream of the @google/genai transport is read from the bytes of the response the SDK
// accepted (never through the SDK's iterator): these tests drive the real SDK against the
// testkit's Gemini server and check what comes back (the body sent: `genai-transport.test.ts`).
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const fixture = (name: string) => {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};
const textThenCall = fixture('gemini-stream-text-then-call.1');

const STREAM = '/v1beta/models/gemini-2.5-flash:streamGenerateContent';
const request: ChatRequest = {
  system: 'You are a weather assistant.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
  tools: [
    {
      name: 'get_weather',
      description: 'Current weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
  temperature: 0.2,
};

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
async function serve(routes: Route[]) {
  server = await startProviderServer({ routes });
  return server;
}
const model = (url: string, settings: Parameters<typeof createGemini>[0] = {}) =>
  createGemini({ baseUrl: url, apiKey: 'test-key', maxRetries: 0, ...settings })('gemini-2.5-flash');
async function drain(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('@google/genai streams read from the bytes of the response the SDK accepted', () => {
  it('the REST chunks as sent: finishMessage, which the SDK’s Gemini API converter drops, is kept', async () => {
    // A streamed MALFORMED_FUNCTION_CALL: the fixture's response body as the stream's one chunk.
    const malformed = fixture('gemini-malformed-function-call.1');
    const running = await serve([{ method: 'POST', path: STREAM, reply: sse('gemini', [malformed.body]) }]);
    const folded = await collectStream(model(running.url).stream(request));
    expect(folded.finishReason).toBe('error');
    expect(folded.providerMetadata?.gemini?.finishMessage).toBe(
      "Malformed function call: print(default_api.get_weather(city='Paris', unit=celsius))",
    );
  });

  it('a 429, then the SDK’s retry succeeds: the stream read is the successful response’s', async () => {
    const quota = { error: { code: 429, message: 'Resource has been exhausted.', status: 'RESOURCE_EXHAUSTED' } };
    const running = await serve([
      {
        method: 'POST',
        path: STREAM,
        reply: [json(quota, { status: 429 }), sse('gemini', textThenCall.chunks ?? [], { splitEvery: 9 })],
      },
    ]);
    const folded = await collectStream(model(running.url, { maxRetries: 1 }).stream(request));
    expect(running.requests).toHaveLength(2);
    expect({ ...folded, warnings: [] }).toEqual(textThenCall.expected);
  });

  it('an error chunk mid-stream ends the stream with the APICallError it describes and the usage so far', async () => {
    const unavailable = { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } };
    const head = (textThenCall.chunks ?? []).slice(0, 2);
    const running = await serve([{ method: 'POST', path: STREAM, reply: sse('gemini', [...head, unavailable]) }]);
    const events = await drain(model(running.url).stream(request));
    expect(events.filter((event) => event.type === 'text-delta').map((event) => event.text)).toEqual([
      'Let me check',
      ' the weather in 北京 for you.',
    ]);
    const last = events.at(-1);
    expect(last).toMatchObject({
      type: 'error',
      usage: { inputTokens: 58, outputTokens: 9 },
      error: {
        statusCode: 503,
        isRetryable: true,
        providerErrorType: 'UNAVAILABLE',
        message: 'The model is overloaded.',
      },
    });
    expect(APICallError.isInstance((last as { error: unknown }).error)).toBe(true);
  });

  it('sends through the caller’s fetch as the SDK would (no dispatcher of its own added)', async () => {
    const running = await serve([{ method: 'POST', path: STREAM, reply: sse('gemini', textThenCall.chunks ?? []) }]);
    const seen: { url: string; dispatcher: unknown }[] = [];
    const tracing: typeof fetch = (input, init) => {
      seen.push({ url: String(input), dispatcher: (init as { dispatcher?: unknown } | undefined)?.dispatcher });
      return globalThis.fetch(input, init);
    };
    const folded = await collectStream(model(running.url, { fetch: tracing }).stream(request));
    expect(seen).toEqual([{ url: `${running.url}${STREAM}?alt=sse`, dispatcher: undefined }]);
    expect({ ...folded, warnings: [] }).toEqual(textThenCall.expected);
  });

  it('over the global fetch, Undici’s 300 s header and body timeouts are off, as the SDK sets them', async () => {
    const running = await serve([{ method: 'POST', path: STREAM, reply: sse('gemini', textThenCall.chunks ?? []) }]);
    // Node's fetch sends through the dispatcher registered under this symbol (Undici's global one).
    const symbol = Symbol.for('undici.globalDispatcher.1');
    const holder = globalThis as unknown as Record<symbol, { dispatch(options: object, handler: unknown): boolean }>;
    new Headers();
    const global = holder[symbol];
    if (global === undefined) throw new Error('no global Undici dispatcher');
    const dispatched: { path: unknown; headersTimeout: unknown; bodyTimeout: unknown }[] = [];
    holder[symbol] = new Proxy(global, {
      get(target, key) {
        if (key === 'dispatch') {
          return (options: Record<string, unknown>, handler: unknown) => {
            dispatched.push({
              path: options.path,
              headersTimeout: options.headersTimeout,
              bodyTimeout: options.bodyTimeout,
            });
            return target.dispatch(options, handler);
          };
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    try {
      await collectStream(model(running.url).stream(request));
    } finally {
      holder[symbol] = global;
    }
    expect(dispatched).toEqual([{ path: `${STREAM}?alt=sse`, headersTimeout: 0, bodyTimeout: 0 }]);
  });
});

// A long decode in two hops: the first ends with finishReason CONTINUATION and a continuationToken
// (`Candidate.continuationToken`, `FinishReason.CONTINUATION` in @google/genai 3.3's types: "the
// model response can be continued via a subsequent request using the returned continuation_token").
const hops: [unknown[], unknown[]] = [
  [
    {
      candidates: [{ content: { role: 'model', parts: [{ text: 'The first half' }] }, index: 0 }],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 3, totalTokenCount: 15 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'hop-one',
    },
    {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: ', then' }] },
          finishReason: 'CONTINUATION',
          continuationToken: 'Y2hlY2twb2ludC0x',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 5, totalTokenCount: 17 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'hop-one',
    },
  ],
  [
    {
      candidates: [
        { content: { role: 'model', parts: [{ text: ' the second half.' }] }, finishReason: 'STOP', index: 0 },
      ],
      usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 4, totalTokenCount: 24 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'hop-two',
    },
  ],
];
const hopRoute: Route = {
  method: 'POST',
  path: STREAM,
  reply: (recorded) =>
    sse(
      'gemini',
      (recorded.body as { continuationToken?: string }).continuationToken === undefined ? hops[0] : hops[1],
    ),
};

// A checkpoint without a finish (`continuationToken` on an intermediate chunk), then the connection
// resets: the SDK resumes from the checkpoint.
const checkpointThenReset: Route = {
  method: 'POST',
  path: STREAM,
  reply: (recorded) =>
    (recorded.body as { continuationToken?: string }).continuationToken === undefined
      ? sse(
          'gemini',
          [
            {
              candidates: [
                {
                  content: { role: 'model', parts: [{ text: 'The first half' }] },
                  continuationToken: 'Y2hlY2twb2ludC0x',
                  index: 0,
                },
              ],
              usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 3, totalTokenCount: 15 },
              responseId: 'hop-one',
            },
          ],
          { end: 'reset' },
        )
      : sse('gemini', hops[1]),
};

async function sdkEvents(url: string): Promise<StreamEvent[]> {
  const ai = new GoogleGenAI({ apiKey: 'test-key', apiVersion: 'v1beta', httpOptions: { baseUrl: url } });
  const chunks: unknown[] = [];
  for await (const chunk of await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'Hi' }))
    chunks.push(JSON.parse(JSON.stringify(chunk)));
  return drain(
    geminiCodec.decodeStream(
      (async function* () {
        yield* chunks;
      })(),
    ),
  );
}

// The lean transport reads the same bytes with the same continuation (readGenAIStream).
describe.each(['sdk', 'lean'] as const)(
  'automatic continuation, kept on the byte-read stream (%s transport)',
  (transport) => {
    it('a CONTINUATION hop is followed by the request resuming from its token; one stream, usage summed', async () => {
      const running = await serve([hopRoute]);
      const events = await drain(model(running.url, { transport }).stream(request));

      expect(running.requests).toHaveLength(2);
      const [first, second] = running.requests.map((sent) => sent.body as Record<string, unknown>);
      expect(first?.continuationToken).toBeUndefined();
      expect(second).toEqual({ ...first, continuationToken: 'Y2hlY2twb2ludC0x' });
      expect(
        events
          .filter((event) => event.type === 'text-delta')
          .map((event) => event.text)
          .join(''),
      ).toBe('The first half, then the second half.');
      expect(events.filter((event) => event.type === 'finish')).toHaveLength(1);
      const folded = await collectStream(events);
      expect(folded.finishReason).toBe('stop');
      expect(folded.usage).toEqual({ inputTokens: 32, outputTokens: 9 });
    });

    it('gives what the SDK’s own iterator gives for the same two hops', async () => {
      const running = await serve([hopRoute]);
      const ours = await drain(model(running.url, { transport }).stream(request));

      const theirs = await sdkEvents(running.url);
      expect(running.requests).toHaveLength(4);
      expect(ours).toEqual(theirs);
    });

    it('a connection reset after a checkpoint resumes from it, as the SDK’s iterator does', async () => {
      const running = await serve([checkpointThenReset]);
      const ours = await drain(model(running.url, { transport }).stream(request));
      expect(running.requests.map((sent) => (sent.body as { continuationToken?: string }).continuationToken)).toEqual([
        undefined,
        'Y2hlY2twb2ludC0x',
      ]);
      expect(
        ours
          .filter((event) => event.type === 'text-delta')
          .map((event) => event.text)
          .join(''),
      ).toBe('The first half the second half.');
      expect(ours.at(-1)?.type).toBe('finish');
      expect(ours).toEqual(await sdkEvents(running.url));
    });
  },
);
