import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  APICallError,
  type ChatRequest,
  collectStream,
  InvalidResponseError,
  type StreamEvent,
} from '@interlingua/core';
import {
  type EventStreamMessage,
  encodeEventStream,
  eventStreamMessagesOf,
  loadCodecFixtures,
  type ProviderServer,
  type Route,
  raw,
  startProviderServer,
} from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { bedrockError, bedrockRoutes, bedrockStream } from './__fixtures__/bedrock-routes';
import { type BedrockProviderSettings, createBedrock } from './create-bedrock';

// The adapter reads ConverseStream's event-stream bytes itself (the SDK still signs, sends and
// retries): what only that reader does is seen here, through the SDK against a local server.
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const text = fixtures.find((fixture) => fixture.name === 'bedrock-text.1');
const chunks = text?.chunks ?? [];
const MODEL = 'anthropic.claude-sonnet-4-20250514-v1:0';
const credentials = { accessKeyId: 'AKIDTESTEXAMPLE', secretAccessKey: 'test-secret-key-not-real' };
const request: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] };

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(routes: Route[], settings: BedrockProviderSettings = {}) {
  server = await startProviderServer({ routes });
  return createBedrock({ region: 'us-east-1', credentials, endpoint: server.url, maxRetries: 0, ...settings })(MODEL);
}

async function events(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of stream) out.push(event);
  return out;
}

const streamBytes = (messages: EventStreamMessage[]) => Buffer.from(encodeEventStream(messages));

describe('Bedrock streams read from the raw event stream', () => {
  it('reads the stream to the same IR, and a body of another content type through the SDK’s iterator alike', async () => {
    expect(chunks.length).toBeGreaterThan(3);
    const model = await serve(
      bedrockRoutes(MODEL, {
        stream: [
          bedrockStream(chunks, { splitEvery: 5 }),
          // Not labelled as an event stream: left to the SDK, which decodes the frames as they are.
          raw(streamBytes(eventStreamMessagesOf(chunks)), { headers: { 'content-type': 'application/octet-stream' } }),
        ],
      }),
    );
    const read = await collectStream(model.stream(request));
    expect(read).toEqual(text?.expected);
    expect(await collectStream(model.stream(request))).toEqual(read);
  });

  it('a frame that fails its CRC ends the stream with an InvalidResponseError, after the events before it', async () => {
    const good = streamBytes(eventStreamMessagesOf(chunks.slice(0, 2)));
    const bad = streamBytes(eventStreamMessagesOf(chunks.slice(2, 3)));
    bad[bad.length - 8] = (bad[bad.length - 8] as number) ^ 0x20;
    const model = await serve(
      bedrockRoutes(MODEL, {
        stream: raw(Buffer.concat([good, bad]), { headers: { 'content-type': 'application/vnd.amazon.eventstream' } }),
      }),
    );
    const seen = await events(model.stream(request));
    expect(seen.map((event) => event.type)).toEqual(['text-delta', 'error']);
    const error = (seen[1] as { error: unknown }).error;
    expect(InvalidResponseError.isInstance(error)).toBe(true);
    expect(String(error)).toContain('an event-stream message that matches its CRC32, got a mismatch');
  });

  it('a service error message mid-stream is a retryable APICallError with its message, as through the SDK', async () => {
    const error: EventStreamMessage = {
      messageType: 'error',
      type: 'InternalFailure',
      payload: {},
      headers: { ':error-message': { type: 'string', value: 'The service hit an internal error.' } },
    };
    const model = await serve(
      bedrockRoutes(MODEL, {
        stream: raw(streamBytes([...eventStreamMessagesOf(chunks.slice(0, 2)), error]), {
          headers: { 'content-type': 'application/vnd.amazon.eventstream' },
        }),
      }),
    );
    const seen = await events(model.stream(request));
    expect(seen.map((event) => event.type)).toEqual(['text-delta', 'error']);
    const failure = (seen[1] as { error: unknown }).error;
    expect(APICallError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ isRetryable: true });
    expect(String(failure)).toContain('The service hit an internal error.');
  });

  it('the SDK still retries a throttled stream before it starts, then the raw stream is read', async () => {
    const model = await serve(
      bedrockRoutes(MODEL, {
        stream: [bedrockError('ThrottlingException', 429, 'Rate exceeded'), bedrockStream(chunks)],
      }),
      { maxRetries: 1 },
    );
    expect(await collectStream(model.stream(request))).toEqual(text?.expected);
    expect(server?.requests).toHaveLength(2);
    // Both attempts were signed (SigV4), the retry too.
    for (const sent of server?.requests ?? []) expect(sent.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
  });

  it('timeout bounds the wait for the first event, thrown as before a stream; streamIdleTimeout each next one', async () => {
    // The SDK's own seam for its HTTP layer (the test server cannot send headers and then no
    // event): answers 200 with an event-stream body that stays silent until the request is
    // aborted, as the SDK's Node handler ends a body on abort.
    const silent = {
      async handle(_request: unknown, options?: { abortSignal?: AbortSignal }) {
        const body = new Readable({ read() {} });
        options?.abortSignal?.addEventListener('abort', () => body.destroy(new Error('aborted')), { once: true });
        const headers = { 'content-type': 'application/vnd.amazon.eventstream' };
        return { response: { statusCode: 200, headers, body } };
      },
    };
    const model = createBedrock({
      region: 'us-east-1',
      credentials,
      endpoint: 'http://bedrock.invalid',
      requestHandler: silent as never,
      maxRetries: 0,
      timeout: 300,
      streamIdleTimeout: 60_000,
    })(MODEL);
    // Thrown (not an error event), and the message names the start timeout, not the idle bound.
    await expect(events(model.stream(request))).rejects.toMatchObject({
      isRetryable: true,
      message: expect.stringContaining('within 300 ms (the timeout setting)'),
    });
  });

  it('a caller that stops early closes the connection of a stream that would go on', async () => {
    const model = await serve(bedrockRoutes(MODEL, { stream: bedrockStream(chunks, { hang: true }) }));
    for await (const event of model.stream(request)) {
      expect(event.type).toBe('text-delta');
      break;
    }
    // The server holds the stream open; the connection closes because the client let it go.
    expect(await server?.closed(0)).toBeGreaterThan(0);
  });
});
