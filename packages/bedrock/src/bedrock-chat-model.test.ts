import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AbortedError,
  APICallError,
  type ChatRequest,
  collectStream,
  InterlinguaError,
  InvalidSettingError,
  type StreamEvent,
} from '@interlingua/core';
import { hang, loadCodecFixtures, type ProviderServer, type Route, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bedrockError, bedrockRoutes, bedrockStream } from './__fixtures__/bedrock-routes';
import { type BedrockProviderSettings, createBedrock } from './create-bedrock';

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const fixture = (name: string) => {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};

const MODEL = 'anthropic.claude-sonnet-4-20250514-v1:0';
// Fake static credentials: the SDK signs with them (SigV4), the server checks the header's shape.
const credentials = { accessKeyId: 'AKIDTESTEXAMPLE', secretAccessKey: 'test-secret-key-not-real' };

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

async function serve(routes: Route[], settings: BedrockProviderSettings = {}) {
  server = await startProviderServer({ routes });
  return createBedrock({ region: 'us-east-1', credentials, endpoint: server.url, maxRetries: 0, ...settings })(MODEL);
}

const history: ChatRequest = {
  system: 'You are a radio assistant.',
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What is the most popular song on WZPZ?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-call', id: 'tooluse_A', name: 'top_song', args: { sign: 'WZPZ' } },
        { type: 'tool-call', id: 'tooluse_B', name: 'top_song', args: { sign: 'WKRP' } },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'tooluse_A',
          toolName: 'top_song',
          content: [
            { type: 'text', text: 'Elemental Hotel by 8 Storey Hike' },
            { type: 'image', source: { type: 'base64', data: 'iVBORw0KGgo=' }, mediaType: 'image/png' },
          ],
          isError: false,
        },
        {
          type: 'tool-result',
          toolCallId: 'tooluse_B',
          toolName: 'top_song',
          content: [{ type: 'text', text: 'Station WKRP not found.' }],
          isError: true,
        },
      ],
    },
  ],
  tools: [
    {
      name: 'top_song',
      description: 'Get the most popular song played on a radio station.',
      inputSchema: { type: 'object', properties: { sign: { type: 'string' } }, required: ['sign'] },
    },
  ],
  toolChoice: 'required',
  maxOutputTokens: 512,
  temperature: 0.5,
};

describe('createBedrock (the AWS SDK against a local Bedrock Runtime server)', () => {
  it('generate: signs with SigV4 and posts the Converse body to /model/<id>/converse, returns the IR', async () => {
    const model = await serve(
      bedrockRoutes(MODEL, {
        converse: { kind: 'json', status: 200, body: fixture('bedrock-tool-use.1').body, headers: {} },
      }),
      {
        headers: { 'x-team': 'radio' },
      },
    );
    const response = await model.generate(history, { headers: { 'x-call': '1' } });
    expect(response).toEqual(fixture('bedrock-tool-use.1').expected);

    const sent = server?.requests[0];
    expect(sent?.path).toBe(`/model/${encodeURIComponent(MODEL)}/converse`);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTESTEXAMPLE\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=\S*x-team\S*, Signature=[0-9a-f]{64}$/,
    );
    expect(sent?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(sent?.headers['x-team']).toBe('radio');
    expect(sent?.headers['x-call']).toBe('1');
    expect(sent?.body).toEqual({
      system: [{ text: 'You are a radio assistant.' }],
      messages: [
        { role: 'user', content: [{ text: 'What is the most popular song on WZPZ?' }] },
        {
          role: 'assistant',
          content: [
            { text: 'Let me check.' },
            { toolUse: { toolUseId: 'tooluse_A', name: 'top_song', input: { sign: 'WZPZ' } } },
            { toolUse: { toolUseId: 'tooluse_B', name: 'top_song', input: { sign: 'WKRP' } } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: 'tooluse_A',
                content: [
                  { text: 'Elemental Hotel by 8 Storey Hike' },
                  // The SDK encodes the blob; the wire carries the same base64 the IR held.
                  { image: { format: 'png', source: { bytes: 'iVBORw0KGgo=' } } },
                ],
              },
            },
            { toolResult: { toolUseId: 'tooluse_B', content: [{ text: 'Station WKRP not found.' }], status: 'error' } },
          ],
        },
      ],
      inferenceConfig: { maxTokens: 512, temperature: 0.5 },
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: 'top_song',
              description: 'Get the most popular song played on a radio station.',
              inputSchema: { json: { type: 'object', properties: { sign: { type: 'string' } }, required: ['sign'] } },
            },
          },
        ],
        toolChoice: { any: {} },
      },
    });
  });

  it('generate: a Bedrock API key goes as Authorization: Bearer instead of SigV4', async () => {
    const model = await serve(
      bedrockRoutes(MODEL, {
        converse: { kind: 'json', status: 200, body: fixture('bedrock-text.1').body, headers: {} },
      }),
      {
        apiKey: 'bedrock-api-key-test',
      },
    );
    expect((await model.generate(history)).finishReason).toBe('stop');
    expect(server?.requests[0]?.headers.authorization).toBe('Bearer bedrock-api-key-test');
  });

  it('stream: decodes the binary event stream (split anywhere) and folds to the non-streaming IR', async () => {
    const { chunks, expected } = fixture('bedrock-reasoning.1');
    const model = await serve(bedrockRoutes(MODEL, { stream: bedrockStream(chunks ?? [], { splitEvery: 7 }) }));
    const events: StreamEvent[] = [];
    for await (const event of model.stream(history)) events.push(event);
    expect(server?.requests[0]?.path).toBe(`/model/${encodeURIComponent(MODEL)}/converse-stream`);
    expect(events.map((event) => event.type)).toEqual([
      'reasoning-delta',
      'reasoning-delta',
      'reasoning-delta',
      'text-delta',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'finish',
    ]);
    expect(await collectStream(events)).toEqual(expected);
  });

  it('stream: the redactedContent blob the SDK hands as bytes arrives as the same base64', async () => {
    const chunks = [
      { messageStart: { role: 'assistant' } },
      { contentBlockDelta: { contentBlockIndex: 0, delta: { reasoningContent: { redactedContent: 'AQID+g==' } } } },
      { contentBlockStop: { contentBlockIndex: 0 } },
      { messageStop: { stopReason: 'end_turn' } },
      { metadata: { usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 }, metrics: { latencyMs: 9 } } },
    ];
    const model = await serve(bedrockRoutes(MODEL, { stream: bedrockStream(chunks) }));
    const response = await collectStream(model.stream(history));
    expect(response.message.content).toEqual([{ type: 'reasoning', text: '', redacted: 'AQID+g==' }]);
    expect(response.usage).toEqual({ inputTokens: 3, outputTokens: 2 });
  });

  it('stream: a modelStreamErrorException mid-stream ends the stream with a retryable error event', async () => {
    const model = await serve(
      bedrockRoutes(MODEL, { stream: bedrockStream(fixture('bedrock-stream-error.1').chunks ?? []) }),
    );
    const events: StreamEvent[] = [];
    for await (const event of model.stream(history)) events.push(event);
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'error']);
    expect(events[1]).toMatchObject({
      type: 'error',
      error: {
        message: 'Model stream error: the model returned an unexpected error.',
        providerErrorType: 'ModelStreamErrorException',
        isRetryable: true,
      },
    });
    expect(APICallError.isInstance((events[1] as { error: unknown }).error)).toBe(true);
  });

  it('stream: a connection cut mid-stream ends with an error event, after the text that came', async () => {
    const model = await serve(
      bedrockRoutes(MODEL, { stream: bedrockStream(fixture('bedrock-text.1').chunks ?? [], { truncateAfter: 2 }) }),
    );
    const events: StreamEvent[] = [];
    for await (const event of model.stream(history)) events.push(event);
    expect(events[0]).toEqual({ type: 'text-delta', text: 'The most popular song on WZPZ is ' });
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    // Half a frame, then the end: the SDK's event-stream decoder or ours says the stream is incomplete.
    expect(last?.type === 'error' && InterlinguaError.isInstance(last.error)).toBe(true);
    expect(events.filter((event) => event.type === 'finish')).toEqual([]);
  });

  it.each([
    ['ThrottlingException', 429, 'Too many requests, please wait before trying again.', true],
    ['ValidationException', 400, 'The provided model identifier is invalid.', false],
    ['AccessDeniedException', 403, 'You don’t have access to the model with the specified model ID.', false],
    ['ServiceUnavailableException', 503, 'The service is temporarily unavailable.', true],
  ])(
    'maps a %s (HTTP %i) to an APICallError with its message and retryability',
    async (type, status, message, retryable) => {
      const model = await serve(
        bedrockRoutes(MODEL, {
          converse: bedrockError(type, status, message),
          stream: bedrockError(type, status, message),
        }),
      );
      const expected = { statusCode: status, providerErrorType: type, message, isRetryable: retryable };
      await expect(model.generate(history)).rejects.toMatchObject(expected);
      // Before the first event, a stream throws from its iterator.
      await expect(collectStream(model.stream(history))).rejects.toMatchObject(expected);
    },
  );

  it('the SDK retries a ThrottlingException with maxRetries, then returns the answer', async () => {
    const model = await serve(
      bedrockRoutes(MODEL, {
        converse: [
          bedrockError('ThrottlingException', 429, 'Rate exceeded'),
          { kind: 'json', status: 200, body: fixture('bedrock-text.1').body, headers: {} },
        ],
      }),
      { maxRetries: 1 },
    );
    expect((await model.generate(history)).finishReason).toBe('stop');
    expect(server?.requests).toHaveLength(2);
  });

  it('providerOptions reach the body when Converse has the field; others are a warning, not a silent drop', async () => {
    const model = await serve(
      bedrockRoutes(MODEL, {
        converse: { kind: 'json', status: 200, body: fixture('bedrock-text.1').body, headers: {} },
      }),
    );
    const request = {
      ...history,
      providerOptions: {
        bedrock: { bogusField: true, requestMetadata: { team: 'radio' }, additionalModelRequestFields: { top_k: 20 } },
      },
    };
    const response = await model.generate(request);
    expect(server?.requests[0]?.body).toMatchObject({
      requestMetadata: { team: 'radio' },
      additionalModelRequestFields: { top_k: 20 },
    });
    expect(server?.requests[0]?.body).not.toHaveProperty('bogusField');
    expect(response.warnings).toMatchObject([{ type: 'unsupported', feature: 'providerOptions.bedrock.bogusField' }]);
  });

  it('a body field Bedrock does not know is rejected by the server, as Bedrock does', async () => {
    server = await startProviderServer({ routes: bedrockRoutes(MODEL, {}) });
    const response = await fetch(`${server.url}/model/${encodeURIComponent(MODEL)}/converse`, {
      method: 'POST',
      headers: { authorization: 'Bearer test', 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [], modelId: MODEL }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toMatch(/^ValidationException:/);
    expect(await response.json()).toEqual({ message: expect.stringContaining('extraneous key [modelId]') });
  });

  it('an abort before or during the stream is thrown as AbortedError', async () => {
    const model = await serve(
      bedrockRoutes(MODEL, { converse: hang(), stream: bedrockStream(fixture('bedrock-text.1').chunks ?? []) }),
    );
    const before = new AbortController();
    const pending = model.generate(history, { signal: before.signal });
    setTimeout(() => before.abort(), 50);
    await expect(pending).rejects.toSatisfy(AbortedError.isInstance);

    const during = new AbortController();
    const seen: StreamEvent[] = [];
    await expect(
      (async () => {
        for await (const event of model.stream(history, { signal: during.signal })) {
          seen.push(event);
          during.abort();
        }
      })(),
    ).rejects.toSatisfy(AbortedError.isInstance);
    expect(seen).toHaveLength(1);
  });

  it('the timeout abandons a silent server with a retryable APICallError', async () => {
    const model = await serve(bedrockRoutes(MODEL, { converse: hang() }), { timeout: 200 });
    await expect(model.generate(history)).rejects.toMatchObject({
      isRetryable: true,
      message: expect.stringContaining('200 ms'),
    });
  });

  it('a stream that stalls after its first events ends on the idle bound, keeping what arrived', async () => {
    const chunks = fixture('bedrock-text.1').chunks ?? [];
    // The start is generous; each wait for a next event is bounded by streamIdleTimeout.
    const model = await serve(bedrockRoutes(MODEL, { stream: bedrockStream(chunks.slice(0, 3), { hang: true }) }), {
      timeout: 20_000,
      streamIdleTimeout: 300,
    });
    const events: StreamEvent[] = [];
    for await (const event of model.stream(history)) events.push(event);
    const last = events.at(-1);
    expect(last?.type).toBe('error');
    const error = (last as { error: unknown }).error;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true, statusCode: undefined });
    expect((error as Error).message).toContain('Bedrock stream within 300 ms (streamIdleTimeout)');
    // The text that arrived before the stall is still there.
    expect(events.some((event) => event.type === 'text-delta')).toBe(true);
    expect(server?.requests).toHaveLength(1);
    expect(() => createBedrock({ streamIdleTimeout: 0 })).toThrow(InvalidSettingError);
  });

  it('without a region anywhere, the first call fails with InvalidSettingError naming AWS_REGION', async () => {
    vi.stubEnv('AWS_REGION', undefined);
    vi.stubEnv('AWS_DEFAULT_REGION', undefined);
    vi.stubEnv('AWS_PROFILE', undefined);
    const empty = mkdtempSync(join(tmpdir(), 'interlingua-aws-'));
    vi.stubEnv('AWS_CONFIG_FILE', join(empty, 'config'));
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(empty, 'credentials'));
    const model = createBedrock({ credentials })(MODEL);
    const failure = await model.generate(history).catch((error: unknown) => error);
    expect(InvalidSettingError.isInstance(failure)).toBe(true);
    expect(String(failure)).toContain('AWS_REGION');
    expect(() => createBedrock({ maxRetries: -1 })).toThrow(InvalidSettingError);
  });
});
