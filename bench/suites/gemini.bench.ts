import { createRequire } from 'node:module';
import type { ChatRequest, Message } from '@interlingua/core';
import { createGemini, geminiCodec } from '@interlingua/gemini';
import { json, startProviderServer } from '@interlingua/testkit';
import { type Comparison, compare, report } from '../harness';

// The bare SDK, resolved from the adapter's own dependencies (the bench root does not depend on it).
type GenerativeAISdk = {
  GoogleGenerativeAI: new (
    apiKey: string,
  ) => {
    getGenerativeModel(
      params: { model: string },
      options: { baseUrl: string },
    ): { generateContent(body: unknown): Promise<{ response: unknown }> };
  };
};
const { GoogleGenerativeAI } = createRequire(new URL('../../packages/gemini/package.json', import.meta.url))(
  '@google/generative-ai',
) as GenerativeAISdk;

/** A 1,000-message history: 250 rounds of question, call (with a thought signature), result, answer. */
function buildRequest(): ChatRequest {
  const messages: Message[] = [];
  for (let round = 0; round < 250; round++) {
    const id = `call_${round}`;
    messages.push({
      role: 'user',
      content: [{ type: 'text', text: `What is the weather in city #${round}? 北京 / Paris` }],
    });
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check.' },
        {
          type: 'tool-call',
          id,
          name: 'get_weather',
          args: { city: `city-${round}`, unit: 'celsius', days: round % 7 },
          providerMetadata: {
            gemini: { thoughtSignature: `CoMCAdHtim${round}pPzG4fJ0QN1Hkr5c3Tg2mCDoaVp1QxTGyIoE0i3kWQ3h0g` },
          },
        },
      ],
    });
    messages.push({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'get_weather',
          content: [
            { type: 'text', text: JSON.stringify({ temperature: 20 + (round % 10), sky: 'clear', wind: '3 m/s' }) },
          ],
          isError: round % 50 === 0,
        },
      ],
    });
    messages.push({ role: 'assistant', content: [{ type: 'text', text: `It is ${20 + (round % 10)}°C and clear.` }] });
  }
  return {
    system: 'You are a concise weather assistant.',
    messages,
    tools: [
      {
        name: 'get_weather',
        description: 'Current weather and forecast for a city',
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: {
            city: { type: 'string', description: 'City name' },
            unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
            days: { type: 'integer', minimum: 0, maximum: 7 },
          },
          required: ['city'],
          additionalProperties: false,
        },
      },
    ],
    toolChoice: 'auto',
    maxOutputTokens: 1024,
  };
}

export async function run(): Promise<void> {
  const answer = {
    candidates: [{ content: { role: 'model', parts: [{ text: 'Sunny, 25°C.' }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 30123, candidatesTokenCount: 6, totalTokenCount: 30129 },
    modelVersion: 'gemini-2.5-flash',
    responseId: 'bench-response',
  };
  const server = await startProviderServer({
    routes: [{ method: 'POST', path: '/v1beta/models/gemini-2.5-flash:generateContent', reply: json(answer) }],
  });
  try {
    const request = buildRequest();
    const model = createGemini({ baseUrl: server.url, apiKey: 'bench-key', maxRetries: 0 })('gemini-2.5-flash');
    const prebuilt = geminiCodec.encodeRequest(request, { model: 'gemini-2.5-flash' }).value;
    const sdk = new GoogleGenerativeAI('bench-key').getGenerativeModel(
      { model: 'gemini-2.5-flash' },
      { baseUrl: server.url },
    );

    const comparisons: Comparison[] = [
      {
        name: 'model.generate, 1,000-message history vs SDK generateContent(prebuilt body)',
        // Same server, same body: the SDK call is the floor; the subject adds encode + decode.
        // The server records every request; both sides drop the record so the heap does not grow.
        baseline: async () => {
          server.requests.length = 0;
          return (await sdk.generateContent(prebuilt)).response;
        },
        subject: () => {
          server.requests.length = 0;
          return model.generate(request);
        },
        goal: 1.1,
      },
      {
        name: 'geminiCodec.encodeRequest alone (1,000 messages) vs JSON.stringify of its body',
        baseline: () => JSON.stringify(prebuilt),
        subject: () => geminiCodec.encodeRequest(request, { model: 'gemini-2.5-flash' }),
      },
    ];
    report('gemini', await compare(comparisons, { time: 2000 }));
  } finally {
    await server.close();
  }
}
