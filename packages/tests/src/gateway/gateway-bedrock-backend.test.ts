// Issue 22: the gateway serves Amazon Bedrock as a backend — an OpenAI client in front, Bedrock's
// Converse / ConverseStream (binary event stream, through the AWS SDK) behind.
import { fileURLToPath } from 'node:url';
import { json, loadCodecFixtures, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { createBuiltInGateway } from 'interlingua';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bedrockRoutes, bedrockStream } from '../../../bedrock/src/__fixtures__/bedrock-routes';

const MODEL = 'anthropic.claude-sonnet-4-20250514-v1:0';
const fixtures = loadCodecFixtures(fileURLToPath(new URL('../../../bedrock/src/__fixtures__', import.meta.url)));
const fixture = (name: string) => {
  const found = fixtures.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no fixture ${name}`);
  return found;
};

let backend: ProviderServer;
let gateway: ReturnType<typeof createBuiltInGateway>;
let client: OpenAI;
const logs: Record<string, unknown>[] = [];

beforeAll(async () => {
  const toolUse = fixture('bedrock-parallel-tool-use.1');
  backend = await startProviderServer({
    routes: bedrockRoutes(MODEL, {
      converse: json(toolUse.body),
      stream: bedrockStream(fixture('bedrock-text.1').chunks ?? [], { splitEvery: 7 }),
    }),
  });
  gateway = createBuiltInGateway(
    {
      models: { claude: { model: `bedrock:${MODEL}`, retries: 0 } },
      providers: { bedrock: { baseURL: backend.url, apiKey: 'bedrock-api-key-test-0000' } },
    },
    {
      log: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
      registry: { env: { AWS_REGION: 'us-east-1' } },
    },
  );
  const { url } = await gateway.listen({ port: 0 });
  client = new OpenAI({ apiKey: 'client-key', baseURL: `${url}/v1`, maxRetries: 0 });
});
afterAll(async () => {
  await gateway?.close();
  await backend?.close();
});

describe('the gateway with a Bedrock backend', () => {
  it('answers an OpenAI chat completion from Converse, tool calls included', async () => {
    const completion = await client.chat.completions.create({
      model: 'claude',
      messages: [{ role: 'user', content: 'Weather and time in Seattle?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'The current weather in a city.',
            parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
          },
        },
        {
          type: 'function',
          function: {
            name: 'get_time',
            description: 'The local time in a time zone.',
            parameters: { type: 'object', properties: { timezone: { type: 'string' } }, required: ['timezone'] },
          },
        },
      ],
    });
    const sent = backend.requests.at(-1);
    expect(sent?.path).toBe(`/model/${encodeURIComponent(MODEL)}/converse`);
    expect(sent?.headers.authorization).toBe('Bearer bedrock-api-key-test-0000');
    // The gateway sends over the lean transport by default: none of the AWS SDK's own headers.
    expect(sent?.headers['amz-sdk-invocation-id']).toBeUndefined();
    expect(sent?.headers['x-amz-user-agent']).toBeUndefined();
    // The OpenAI request reached Bedrock as Converse: the message and the tool in Bedrock's shape.
    expect(sent?.body).toMatchObject({
      messages: [{ role: 'user', content: [{ text: 'Weather and time in Seattle?' }] }],
      toolConfig: {
        tools: [
          { toolSpec: { name: 'get_weather', inputSchema: { json: { type: 'object' } } } },
          { toolSpec: { name: 'get_time', inputSchema: { json: { type: 'object' } } } },
        ],
      },
    });
    const message = completion.choices[0]?.message;
    expect(message?.content).toBe("I'll check the weather and the local time.");
    expect(
      message?.tool_calls?.map((call) =>
        call.type === 'function' ? [call.function.name, JSON.parse(call.function.arguments)] : [],
      ),
    ).toEqual([
      ['get_weather', { location: 'Seattle, WA' }],
      ['get_time', { timezone: 'America/Los_Angeles' }],
    ]);
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(completion.usage).toMatchObject({ prompt_tokens: 612, completion_tokens: 121 });
  });

  it('streams ConverseStream events to an OpenAI client as chat completion chunks', async () => {
    const stream = client.chat.completions.stream({
      model: 'claude',
      messages: [{ role: 'user', content: 'Hello' }],
      stream_options: { include_usage: true },
    });
    const final = await stream.finalChatCompletion();
    expect(backend.requests.at(-1)?.path).toBe(`/model/${encodeURIComponent(MODEL)}/converse-stream`);
    expect(backend.requests.at(-1)?.headers['amz-sdk-invocation-id']).toBeUndefined();
    const expected = fixture('bedrock-text.1')
      .expected?.message.content.filter((part) => part.type === 'text')
      .map((part) => part.text)
      .join('');
    expect(final.choices[0]?.message.content).toBe(expected);
    expect(final.choices[0]?.finish_reason).toBe('stop');
    // The log line names the backend and never a key.
    const line = logs.at(-1) ?? {};
    expect(line).toMatchObject({ model: 'claude', backend: `bedrock:${MODEL}` });
    expect(JSON.stringify(logs)).not.toContain('bedrock-api-key-test-0000');
  });
});
