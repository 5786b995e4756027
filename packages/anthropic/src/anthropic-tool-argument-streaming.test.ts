import { fileURLToPath } from 'node:url';
import { type ChatRequest, collectStream, type StreamEvent } from '@interlingua/core';
import { loadCodecFixtures, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { anthropicCodec } from './anthropic-codec';
import { createAnthropic } from './create-anthropic';

// Issue 31, item 4, through @anthropic-ai/sdk against the testkit's Anthropic server: the neutral
// `toolArgumentStreaming` turns on fine-grained tool streaming (`eager_input_streaming: true` on
// every tool; generally available, so no beta header), the unbuffered `input_json_delta`
// fragments arrive as `tool-call-delta`s, and the gateway direction reads the flag back.

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const eager = fixtures.find((fixture) => fixture.name === 'anthropic-eager-input-streaming.1');

const request: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Write a short poem into poem.txt.' }] }],
  tools: [
    {
      name: 'make_file',
      description: 'Write text to a file',
      inputSchema: {
        type: 'object',
        properties: {
          filename: { type: 'string', description: 'The filename to write text to' },
          lines_of_text: { type: 'array', description: 'An array of lines of text to write to the file' },
        },
        required: ['filename', 'lines_of_text'],
      },
    },
  ],
  toolArgumentStreaming: true,
};

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('toolArgumentStreaming on Anthropic', () => {
  it('sends eager_input_streaming on every tool and streams the unbuffered fragments as deltas', async () => {
    server = await startProviderServer({
      routes: [{ method: 'POST', path: '/v1/messages', reply: sse('anthropic', eager?.chunks ?? []) }],
    });
    const model = createAnthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 })('claude-sonnet-4-6');
    const events: StreamEvent[] = [];
    for await (const event of model.stream(request)) events.push(event);
    const sent = server.requests[0];
    expect(sent?.body).toMatchObject({ stream: true, tools: [{ name: 'make_file', eager_input_streaming: true }] });
    expect(String(sent?.headers['anthropic-beta'] ?? '')).not.toContain('fine-grained-tool-streaming');
    const deltas = events.flatMap((event) => (event.type === 'tool-call-delta' ? [event.argsTextDelta] : []));
    expect(deltas).toHaveLength(3);
    expect({ ...(await collectStream(events)), warnings: [] }).toEqual(eager?.expected);
  });

  it('leaves tools as they are without it, and reads the flag back from a request body', () => {
    const { toolArgumentStreaming: _on, ...plain } = request;
    expect(anthropicCodec.encodeRequest(plain, { model: 'm' }).value.tools?.[0]).not.toHaveProperty(
      'eager_input_streaming',
    );
    const body = anthropicCodec.encodeRequest(request, { model: 'm', stream: true }).value;
    const decoded = anthropicCodec.decodeRequest(body);
    expect(decoded.value.request.toolArgumentStreaming).toBe(true);
    expect(decoded.value.request.tools).toEqual(request.tools);
    expect(decoded.warnings).toEqual([]);
  });
});
