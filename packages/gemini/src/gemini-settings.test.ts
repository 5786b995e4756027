import { type ChatRequest, collectStream } from '@interlingua/core';
import { json, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createGemini } from './create-gemini';
import { decodeGeminiRequest } from './decode-gemini-request';
import { encodeGeminiRequest } from './encode-gemini-request';

// A structured-output answer: the JSON as the text part, a thought summary before it
// (https://ai.google.dev/gemini-api/docs/structured-output, https://ai.google.dev/gemini-api/docs/thinking#summaries).
const answer = (model: string) => ({
  candidates: [
    {
      content: {
        parts: [
          { text: 'Looking up typical Paris weather.', thought: true },
          { text: '{"city":"Paris","temperatureC":18}' },
        ],
        role: 'model',
      },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 12, thoughtsTokenCount: 40, totalTokenCount: 72 },
  modelVersion: model,
  responseId: 'settings-1',
});

const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, temperatureC: { type: 'number' } },
  required: ['city', 'temperatureC'],
  additionalProperties: false,
};
const ask: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }] };

let server: ProviderServer | undefined;
const sentConfig = () => (server?.requests[0]?.body as { generationConfig?: unknown } | undefined)?.generationConfig;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(model: string, sdk: 'genai' | 'generative-ai', stream = false) {
  const path = `/v1beta/models/${model}:${stream ? 'streamGenerateContent' : 'generateContent'}`;
  const reply = stream ? sse('gemini', [answer(model)]) : json(answer(model));
  server = await startProviderServer({ routes: [{ method: 'POST', path, reply }] });
  return createGemini({ sdk, baseUrl: server.url, apiKey: 'test-key' })(model);
}

describe('reasoning and responseFormat on Gemini, through both SDKs', () => {
  for (const sdk of ['genai', 'generative-ai'] as const) {
    it(`${sdk}: Gemini 2.5 gets thinkingBudget + includeThoughts and responseJsonSchema`, async () => {
      const model = await serve('gemini-2.5-flash', sdk);
      const response = await model.generate({
        ...ask,
        reasoning: { effort: 'low', summary: true },
        responseFormat: { type: 'json', schema: weather },
      });
      expect(sentConfig()).toEqual({
        thinkingConfig: { thinkingBudget: 4096, includeThoughts: true },
        responseMimeType: 'application/json',
        responseJsonSchema: weather,
      });
      expect(response.message.content).toEqual([
        { type: 'reasoning', text: 'Looking up typical Paris weather.' },
        { type: 'text', text: '{"city":"Paris","temperatureC":18}' },
      ]);
    });

    it(`${sdk}: Gemini 3 gets thinkingLevel (stream)`, async () => {
      const model = await serve('gemini-3-pro-preview', sdk, true);
      const response = await collectStream(model.stream({ ...ask, reasoning: { effort: 'high' } }));
      expect(sentConfig()).toEqual({
        thinkingConfig: { thinkingLevel: 'high' },
      });
      expect(response.finishReason).toBe('stop');
    });
  }

  it('a budget alone on Gemini 3 becomes the nearest level, with a warning', () => {
    const { value, warnings } = encodeGeminiRequest(
      { ...ask, reasoning: { budgetTokens: 3000 } },
      { model: 'gemini-3-flash' },
    );
    expect(value.generationConfig).toEqual({ thinkingConfig: { thinkingLevel: 'low' } });
    expect(warnings.map((warning) => warning.feature)).toEqual(['reasoning.budgetTokens']);
  });

  it('models before 2.5 get the schema lowered to responseSchema, each dropped keyword a warning', () => {
    const { value, warnings } = encodeGeminiRequest(
      { ...ask, responseFormat: { type: 'json', schema: weather } },
      { model: 'gemini-2.0-flash' },
    );
    expect(value.generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, temperatureC: { type: 'number' } },
        required: ['city', 'temperatureC'],
      },
    });
    expect(warnings).toEqual([expect.objectContaining({ feature: expect.stringContaining('additionalProperties') })]);
  });

  it('text is text/plain; a request without the settings sends no generationConfig', () => {
    expect(
      encodeGeminiRequest({ ...ask, responseFormat: { type: 'text' } }, { model: 'gemini-2.5-pro' }).value
        .generationConfig,
    ).toEqual({
      responseMimeType: 'text/plain',
    });
    expect(encodeGeminiRequest(ask, { model: 'gemini-2.5-pro' }).value.generationConfig).toBeUndefined();
  });

  it('decodeRequest maps both back (round trip), and a lowered responseSchema back to JSON Schema', () => {
    const request: ChatRequest = {
      ...ask,
      reasoning: { budgetTokens: 1024, summary: false },
      responseFormat: { type: 'json', schema: weather },
    };
    expect(
      decodeGeminiRequest(encodeGeminiRequest(request, { model: 'gemini-2.5-flash' }).value).value.request,
    ).toEqual(request);
    const level: ChatRequest = { ...ask, reasoning: { effort: 'low' } };
    expect(decodeGeminiRequest(encodeGeminiRequest(level, { model: 'gemini-3-pro' }).value).value.request).toEqual(
      level,
    );
    const old = decodeGeminiRequest({
      contents: [],
      generationConfig: {
        responseMimeType: 'application/json',
        responseSchema: { type: 'OBJECT', properties: { city: { type: 'STRING' } } },
        thinkingConfig: { thinkingBudget: -1, thinkingLevel: 'HIGH' },
      },
    }).value.request;
    expect(old.responseFormat).toEqual({
      type: 'json',
      schema: { type: 'object', properties: { city: { type: 'string' } } },
    });
    expect(old.reasoning).toEqual({ effort: 'high' });
    // A dynamic budget has no IR value: it stays a provider option.
    expect(old.providerOptions).toEqual({ gemini: { thinkingConfig: { thinkingBudget: -1 } } });
  });

  it('decodeRequest refuses malformed settings with their path', () => {
    const decode = (generationConfig: unknown) => () => decodeGeminiRequest({ contents: [], generationConfig });
    expect(decode({ thinkingConfig: { thinkingBudget: 'x' } })).toThrow(
      /generationConfig\.thinkingConfig\.thinkingBudget/,
    );
    expect(decode({ responseMimeType: 'application/json', responseJsonSchema: [1] })).toThrow(
      /generationConfig\.responseJsonSchema/,
    );
    expect(decode({ responseMimeType: 'application/json', responseSchema: 'x' })).toThrow(
      /generationConfig\.responseSchema/,
    );
  });
});
