import { fileURLToPath } from 'node:url';
import { type ChatRequest, collectStream, type StreamEvent } from '@interlingua/core';
import {
  json,
  loadCodecFixtures,
  type ProviderServer,
  type RecordedRequest,
  type Reply,
  sse,
  startProviderServer,
} from '@interlingua/testkit';
import { OAuth2Client } from 'google-auth-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createGemini } from './create-gemini';
import { createVertex } from './create-vertex';

// Issue 31, item 4, through @google/genai (vertexai mode) against a local Vertex AI server: the
// neutral `toolArgumentStreaming` asks Vertex for streamed arguments
// (`toolConfig.functionCallingConfig.streamFunctionCallArguments`), and the pieces reach the caller
// as they arrive: the call starts at its first piece, each piece adds argument text, and the stream
// folds to the recorded call. On the Gemini API, which cannot stream arguments, it is a warning.

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const streamed = fixtures.find((fixture) => fixture.name === 'vertex-stream-partial-args.1');
const text = fixtures.find((fixture) => fixture.name === 'gemini-stream-text-then-call.1');
const MODEL_PATH = '/v1beta1/projects/my-project/locations/us-central1/publishers/google/models/gemini-3-pro-preview';

const request: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Save a packing list for 3 days in Tokyo.' }] }],
  tools: [
    {
      name: 'save_note',
      description: 'Saves a note.',
      inputSchema: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          items: { type: 'array', items: { type: 'string' } },
          days: { type: 'number' },
          urgent: { type: 'boolean' },
        },
        required: ['title'],
      },
    },
  ],
  toolArgumentStreaming: true,
};

// Vertex streams the call in pieces only when the request asks, in toolConfig.
const vertexStream = (recorded: RecordedRequest): Reply => {
  const body = recorded.body as { toolConfig?: { functionCallingConfig?: Record<string, unknown> } };
  if (body.toolConfig?.functionCallingConfig?.streamFunctionCallArguments !== true)
    return json({ error: { code: 400, message: 'Not asked to stream.', status: 'INVALID_ARGUMENT' } }, { status: 400 });
  return sse('gemini', streamed?.chunks ?? [], { splitEvery: 17 });
};

function testAuthClient(): OAuth2Client {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: 'ya29.test-access-token', expiry_date: Date.now() + 3_600_000 });
  return client;
}

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('toolArgumentStreaming', () => {
  it('on Vertex AI: asks for streamed arguments and hands each piece on as a tool-call-delta', async () => {
    server = await startProviderServer({
      routes: [{ method: 'POST', path: `${MODEL_PATH}:streamGenerateContent`, reply: vertexStream }],
    });
    const model = createVertex({
      project: 'my-project',
      location: 'us-central1',
      baseUrl: server.url,
      maxRetries: 0,
      googleAuthOptions: { authClient: testAuthClient() },
    })('gemini-3-pro-preview');
    const events: StreamEvent[] = [];
    for await (const event of model.stream(request)) events.push(event);
    expect(server.requests[0]?.body).toMatchObject({
      toolConfig: { functionCallingConfig: { streamFunctionCallArguments: true } },
    });
    const expected = streamed?.expected;
    // One delta per piece-carrying chunk (three) and the closing brace, each a step of the JSON.
    expect(events.filter((event) => event.type === 'tool-call-delta').map((event) => event.argsTextDelta)).toEqual([
      '{"title":"Packing list for ',
      'Tokyo","items":["rain jacket"',
      ',"umbrella"],"days":3,"urgent":false',
      '}',
    ]);
    expect(events.map((event) => event.type).slice(0, 2)).toEqual(['tool-call-start', 'tool-call-delta']);
    expect({ ...(await collectStream(events)), warnings: [] }).toEqual(expected);
  });

  it('on Vertex AI without streaming (generate), nothing is asked: a whole answer has nothing to stream', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: `${MODEL_PATH}:generateContent`,
          reply: json({
            candidates: [{ content: { role: 'model', parts: [{ text: 'Saved.' }] }, finishReason: 'STOP' }],
          }),
        },
      ],
    });
    const model = createVertex({
      project: 'my-project',
      baseUrl: server.url,
      maxRetries: 0,
      googleAuthOptions: { authClient: testAuthClient() },
    })('gemini-3-pro-preview');
    const response = await model.generate(request);
    expect(server.requests[0]?.body).not.toHaveProperty('toolConfig');
    expect(response.warnings).toEqual([]);
  });

  it('on the Gemini API: not sent, and a warning says calls arrive whole', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent',
          reply: sse('gemini', text?.chunks ?? []),
        },
      ],
    });
    const model = createGemini({ baseUrl: server.url, apiKey: 'test-key', maxRetries: 0 })('gemini-2.5-flash');
    const events: StreamEvent[] = [];
    for await (const event of model.stream(request)) events.push(event);
    expect(JSON.stringify(server.requests[0]?.body)).not.toContain('streamFunctionCallArguments');
    const response = await collectStream(events);
    expect(response.warnings).toContainEqual(
      expect.objectContaining({ type: 'unsupported', feature: 'toolArgumentStreaming' }),
    );
  });
});
