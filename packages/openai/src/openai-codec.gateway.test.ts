import { collectStream, type ModelResponse, type StreamEvent } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import { json, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { openaiCodec } from './openai-codec';

// The gateway direction, checked by the official client itself: what encodeResponse and
// encodeStream produce must be read by the `openai` SDK (including its stream accumulator).

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function* from<T = StreamEvent>(items: T[]): AsyncIterable<T> {
  yield* items;
}

async function drain<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const response: ModelResponse = {
  message: {
    role: 'assistant',
    content: [
      { type: 'text', text: '我来查一下 "北京" 的天气。' },
      { type: 'tool-call', id: 'call_w1', name: 'get_weather', args: { city: '北京' } },
      { type: 'tool-call', id: 'call_t2', name: 'get_time', args: { timezone: 'Asia/Shanghai' } },
    ],
  },
  finishReason: 'tool_calls',
  rawFinishReason: 'tool_calls',
  usage: { inputTokens: 120, outputTokens: 40, cachedInputTokens: 64 },
  id: 'chatcmpl-gw1',
  model: 'gpt-4.1-2025-04-14',
  warnings: [],
};

describe('gateway direction read back by the openai SDK', () => {
  it('decodeRequest reads what the SDK sends, and encodeResponse is what the SDK returns', async () => {
    const body = openaiCodec.encodeResponse(response, { created: 1767225600 }).value;
    server = await startProviderServer({ routes: [{ path: '/v1/chat/completions', reply: json(body) }] });
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'gpt-4.1',
      messages: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', content: '北京天气？' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }],
      parallel_tool_calls: true,
    });
    const decoded = openaiCodec.decodeRequest(server.requests[0]?.body);
    expect(decoded.value.model).toBe('gpt-4.1');
    expect(decoded.value.request).toEqual({
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: '北京天气？' }] }],
      tools: [{ name: 'get_weather', description: '', inputSchema: { type: 'object', properties: {} } }],
      providerOptions: { openai: { parallel_tool_calls: true } },
    });
    expect(openaiCodec.decodeResponse(completion)).toEqual(response);
  });

  it('a refusal after an answer survives both encoders: the stream and the body read back to the same IR', async () => {
    const refused: ModelResponse = {
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Here is the first part. ' },
          { type: 'text', text: "I can't help with the rest.", providerMetadata: { openai: { refusal: true } } },
        ],
      },
      finishReason: 'refusal',
      rawFinishReason: 'stop',
      usage: { inputTokens: 10, outputTokens: 12 },
      id: 'chatcmpl-gw2',
      model: 'gpt-4o-2024-08-06',
      warnings: [],
    };
    const chunks = await drain(openaiCodec.encodeStream(from(responseToStream(refused)), { id: 'chatcmpl-gw2' }));
    const body = openaiCodec.encodeResponse(refused).value;
    expect(body.choices[0]?.message).toMatchObject({
      content: 'Here is the first part. ',
      refusal: "I can't help with the rest.",
    });
    const fromStream = await collectStream(openaiCodec.decodeStream(from(chunks)));
    expect(fromStream).toEqual(openaiCodec.decodeResponse(body));
    expect(fromStream).toEqual(refused);
    // The official client's own accumulator sees the refusal as a refusal.
    server = await startProviderServer({ routes: [{ path: '/v1/chat/completions', reply: sse('openai', chunks) }] });
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 });
    const final = await client.chat.completions
      .stream({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }], stream_options: { include_usage: true } })
      .finalChatCompletion();
    expect(final.choices[0]?.message.refusal).toBe("I can't help with the rest.");
    expect(openaiCodec.decodeResponse(final)).toEqual(fromStream);
  });

  it("encodeStream's chunks are accumulated by the SDK into the same completion encodeResponse gives", async () => {
    const chunks = await drain(
      openaiCodec.encodeStream(from(responseToStream(response)), { created: 1767225600, id: 'chatcmpl-gw1' }),
    );
    server = await startProviderServer({
      routes: [{ path: '/v1/chat/completions', reply: sse('openai', chunks, { splitEvery: 7 }) }],
    });
    const client = new OpenAI({ apiKey: 'sk-test', baseURL: `${server.url}/v1`, maxRetries: 0 });
    const stream = client.chat.completions.stream({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: '北京天气？' }],
      stream_options: { include_usage: true },
    });
    const final = await stream.finalChatCompletion();
    expect(openaiCodec.decodeResponse(final)).toEqual(response);
  });
});
