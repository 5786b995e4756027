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
import { createVertex } from './create-vertex';

// Issue 13, item 4, through @google/genai against a local Vertex AI server: with
// `providerOptions.gemini.streamFunctionCallArguments` the request asks for streamed arguments
// (`toolConfig.functionCallingConfig.streamFunctionCallArguments`, as @google/genai 3.3 types it),
// the server streams the call in pieces (`partialArgs`, `willContinue`) and the model hands back
// the whole call. Like Vertex, the server refuses the flag anywhere else (an unknown field of
// `generationConfig` is a 400 "Invalid JSON payload received. Unknown name …").

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const streamed = fixtures.find((fixture) => fixture.name === 'vertex-stream-partial-args.1');
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
  providerOptions: { gemini: { streamFunctionCallArguments: true } },
};

type Body = {
  generationConfig?: Record<string, unknown>;
  toolConfig?: { functionCallingConfig?: Record<string, unknown> };
};
const unknownField = (field: string, at: string): Reply =>
  json(
    {
      error: {
        code: 400,
        message: `Invalid JSON payload received. Unknown name "${field}" at '${at}': Cannot find field.`,
        status: 'INVALID_ARGUMENT',
      },
    },
    { status: 400 },
  );
// Vertex: the flag belongs to toolConfig.functionCallingConfig; it streams the call in pieces only when asked.
const vertexStream = (recorded: RecordedRequest): Reply => {
  const body = recorded.body as Body;
  if (body.generationConfig !== undefined && 'streamFunctionCallArguments' in body.generationConfig) {
    return unknownField('streamFunctionCallArguments', 'generation_config');
  }
  if (body.toolConfig?.functionCallingConfig?.streamFunctionCallArguments !== true) {
    return json(
      { error: { code: 400, message: 'Expected the test to ask for streamed arguments.', status: 'INVALID_ARGUMENT' } },
      { status: 400 },
    );
  }
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

describe('createVertex: function arguments streamed in pieces', () => {
  it('asks for them in toolConfig and gives back the whole call', async () => {
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
    expect(events.at(-1)?.type).toBe('finish');
    const sent = server.requests[0]?.body as Body;
    expect(sent.toolConfig).toEqual({ functionCallingConfig: { streamFunctionCallArguments: true } });
    // @google/genai always sends a generationConfig; the flag is not in it.
    expect(sent.generationConfig ?? {}).toEqual({});
    expect({ ...(await collectStream(events)), warnings: [] }).toEqual(streamed?.expected);
    const call = events.find((event) => event.type === 'tool-call-end');
    expect(call?.type === 'tool-call-end' ? call.toolCall.args : undefined).toEqual({
      title: 'Packing list for Tokyo',
      items: ['rain jacket', 'umbrella'],
      days: 3,
      urgent: false,
    });
  });
});
