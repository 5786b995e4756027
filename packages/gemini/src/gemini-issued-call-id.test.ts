import { readFileSync } from 'node:fs';
import { APICallError, type ChatRequest, type ToolMessage } from '@interlingua/core';
import { json, type ProviderServer, startProviderServer, strictGeminiReplies } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createGemini } from './create-gemini';
import { issuedGeminiCallId } from './gemini-issued-call-id';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));
const path = (model: string) => `/v1beta/models/${model}:generateContent`;

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const weather = {
  name: 'get_weather',
  description: 'Current weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

// A turn another provider (OpenAI) produced: its call ids are `call_…`.
const openAIHistory: ChatRequest = {
  tools: [weather],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', id: 'call_weather_1', name: 'get_weather', args: { city: 'Paris' } },
        { type: 'tool-call', id: 'call_weather_2', name: 'get_weather', args: { city: 'Rome' } },
      ],
    },
    {
      role: 'tool',
      // Out of call order: the wire order follows the calls.
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_weather_2',
          toolName: 'get_weather',
          content: [{ type: 'text', text: 'Rome: 24°C' }],
          isError: false,
        },
        {
          type: 'tool-result',
          toolCallId: 'call_weather_1',
          toolName: 'get_weather',
          content: [{ type: 'text', text: 'Paris: 18°C' }],
          isError: false,
        },
      ],
    },
  ],
};

describe('call ids on the Gemini wire (only the ids Gemini issued go back)', () => {
  it('a server that rejects ids it did not issue answers a foreign history: no ids sent, results in call order', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: path('gemini-2.5-flash'),
          reply: strictGeminiReplies([json(fixture('gemini-text.1.json'))]),
        },
      ],
    });
    const model = createGemini({ baseUrl: server.url, apiKey: 'k', maxRetries: 0 })('gemini-2.5-flash');
    const response = await model.generate(openAIHistory);
    expect(response.finishReason).toBe('stop');
    const body = server.requests[0]?.body as {
      contents: { parts: Record<string, { id?: string; name?: string }>[] }[];
    };
    expect(JSON.stringify(body)).not.toMatch(/call_weather/);
    expect(body.contents[1]?.parts.map((part) => part.functionCall)).toEqual([
      { name: 'get_weather', args: { city: 'Paris' } },
      { name: 'get_weather', args: { city: 'Rome' } },
    ]);
    expect(body.contents[2]?.parts.map((part) => part.functionResponse)).toEqual([
      { name: 'get_weather', response: { output: 'Paris: 18°C' } },
      { name: 'get_weather', response: { output: 'Rome: 24°C' } },
    ]);
  });

  it('the test server answers a foreign id with Gemini’s own 400, so the test above could fail', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: path('gemini-2.5-flash'),
          reply: strictGeminiReplies([json(fixture('gemini-text.1.json'))]),
        },
      ],
    });
    const response = await fetch(`${server.url}${path('gemini-2.5-flash')}`, {
      method: 'POST',
      body: JSON.stringify({
        contents: [
          { role: 'user', parts: [{ text: 'Hi' }] },
          { role: 'model', parts: [{ functionCall: { id: 'call_weather_1', name: 'get_weather', args: {} } }] },
          {
            role: 'user',
            parts: [{ functionResponse: { id: 'call_weather_1', name: 'get_weather', response: { output: 'x' } } }],
          },
        ],
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      `Invalid JSON payload received. Unknown name "id" at 'contents[1].parts[0].function_call': Cannot find field.\nInvalid JSON payload received. Unknown name "id" at 'contents[2].parts[0].function_response': Cannot find field.`,
    );
  });

  it('an id Gemini issued goes back on its call and its result, and the server accepts it', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: path('gemini-3-pro-preview'),
          reply: strictGeminiReplies(
            [json(fixture('gemini-function-call-with-id.1.json')), json(fixture('gemini-text.1.json'))],
            {
              requireThoughtSignatures: true,
            },
          ),
        },
      ],
    });
    const model = createGemini({ baseUrl: server.url, apiKey: 'k', maxRetries: 0 })('gemini-3-pro-preview');
    const request: ChatRequest = {
      tools: [weather],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Paris?' }] }],
    };
    const first = await model.generate(request);
    const call = first.message.content.find((part) => part.type === 'tool-call');
    expect(call?.id).toBe('gvbncmxk');
    expect(call === undefined ? undefined : issuedGeminiCallId(call)).toBe('gvbncmxk');
    const results: ToolMessage = {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'gvbncmxk',
          toolName: 'get_weather',
          content: [{ type: 'text', text: '18°C' }],
          isError: false,
        },
      ],
    };
    const second = await model.generate({ ...request, messages: [...request.messages, first.message, results] });
    expect(second.finishReason).toBe('stop');
    const body = server.requests[1]?.body as { contents: { parts: Record<string, { id?: string }>[] }[] };
    expect(body.contents[1]?.parts[1]?.functionCall?.id).toBe('gvbncmxk');
    expect(body.contents[2]?.parts[0]?.functionResponse?.id).toBe('gvbncmxk');
  });

  it('a call renamed after Gemini issued its id (a reused id) is sent without one', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: path('gemini-2.5-flash'),
          reply: strictGeminiReplies([json(fixture('gemini-text.1.json'))]),
        },
      ],
    });
    const model = createGemini({ baseUrl: server.url, apiKey: 'k', maxRetries: 0 })('gemini-2.5-flash');
    const response = await model.generate({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Paris?' }] },
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              id: 'fc_1_2',
              name: 'get_weather',
              args: {},
              providerMetadata: { gemini: { functionCallId: 'fc_1' } },
            },
          ],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'fc_1_2', toolName: 'get_weather', content: [], isError: false },
          ],
        },
      ],
    });
    expect(response.finishReason).toBe('stop');
    expect(JSON.stringify(server.requests[0]?.body)).not.toContain('fc_1');
  });

  it('a 400 from the server reaches the caller as an APICallError with Gemini’s message (no retry)', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: path('gemini-3-pro-preview'),
          reply: strictGeminiReplies([json(fixture('gemini-text.1.json'))], { requireThoughtSignatures: true }),
        },
      ],
    });
    // A stored history that claims Gemini issued an id this server never issued.
    const failure = await createGemini({ baseUrl: server.url, apiKey: 'k', maxRetries: 0 })('gemini-3-pro-preview')
      .generate({
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Paris?' }] },
          {
            role: 'assistant',
            content: [
              {
                type: 'tool-call',
                id: 'x',
                name: 'get_weather',
                args: {},
                providerMetadata: { gemini: { functionCallId: 'x' } },
              },
            ],
          },
          {
            role: 'tool',
            content: [{ type: 'tool-result', toolCallId: 'x', toolName: 'get_weather', content: [], isError: false }],
          },
        ],
      })
      .catch((error: unknown) => error);
    expect(APICallError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ statusCode: 400, isRetryable: false });
    expect((failure as Error).message).toContain('Unknown name "id"');
  });
});
