import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ChatRequest, collectStream, InvalidRequestError } from '@interlingua/core';
import { json, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI } from './create-openai';
import { decodeOpenAIRequest } from './decode-openai-request';
import { encodeOpenAIRequest } from './encode-openai-request';

const read = (name: string) => readFileSync(fileURLToPath(new URL(`./__fixtures__/${name}`, import.meta.url)), 'utf8');
const body = JSON.parse(read('openai-json-schema.1.json'));
const chunks = read('openai-json-schema.1.chunks.txt')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line));

const weather = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    temperatureC: { type: 'number' },
    conditions: { type: 'array', items: { type: 'string' } },
  },
  required: ['city', 'temperatureC', 'conditions'],
  additionalProperties: false,
};
const base: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }] };

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(reply = json(body)) {
  server = await startProviderServer({ routes: [{ method: 'POST', path: '/v1/chat/completions', reply }] });
  return createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0 })('gpt-5-mini');
}

describe('reasoning and responseFormat on Chat Completions, through the openai SDK', () => {
  it('sends reasoning_effort and a json_schema response_format exactly, and reads the JSON answer', async () => {
    const model = await serve();
    const response = await model.generate({
      ...base,
      reasoning: { effort: 'high' },
      responseFormat: { type: 'json', schema: weather, name: 'weather', description: 'The weather', strict: true },
    });
    expect(server?.requests[0]?.body).toEqual({
      model: 'gpt-5-mini',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      reasoning_effort: 'high',
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'weather', description: 'The weather', schema: weather, strict: true },
      },
    });
    expect(response.warnings).toEqual([]);
    expect(JSON.parse((response.message.content[0] as { text: string }).text)).toEqual({
      city: 'Paris',
      temperatureC: 18,
      conditions: ['cloudy', 'light rain'],
    });
  });

  it('streams the JSON answer in pieces that fold to the same text', async () => {
    const model = await serve(sse('openai', chunks, { splitEvery: 7 }));
    const response = await collectStream(model.stream({ ...base, responseFormat: { type: 'json', schema: weather } }));
    expect(server?.requests[0]?.body).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { name: 'response', schema: weather } },
      stream: true,
    });
    expect(response.message.content).toEqual([
      { type: 'text', text: '{"city":"Paris","temperatureC":18,"conditions":["cloudy","light rain"]}' },
    ]);
  });

  it('JSON without a schema is json_object; text is text', () => {
    expect(encodeOpenAIRequest({ ...base, responseFormat: { type: 'json' } }, { model: 'gpt-4o' }).value).toMatchObject(
      {
        response_format: { type: 'json_object' },
      },
    );
    expect(encodeOpenAIRequest({ ...base, responseFormat: { type: 'text' } }, { model: 'gpt-4o' }).value).toMatchObject(
      {
        response_format: { type: 'text' },
      },
    );
  });

  it('a budget alone becomes the nearest effort, and a summary is a warning', () => {
    const { value, warnings } = encodeOpenAIRequest(
      { ...base, reasoning: { budgetTokens: 9000, summary: true } },
      { model: 'o4-mini' },
    );
    expect(value).toMatchObject({ reasoning_effort: 'medium' });
    expect(warnings.map((warning) => warning.feature)).toEqual(['reasoning.budgetTokens', 'reasoning.summary']);
  });

  it('a request without the settings sends neither field', () => {
    const { value } = encodeOpenAIRequest(base, { model: 'gpt-4.1' });
    expect(value).not.toHaveProperty('reasoning_effort');
    expect(value).not.toHaveProperty('response_format');
  });

  it('decodeRequest maps both back (round trip)', () => {
    const request: ChatRequest = {
      ...base,
      reasoning: { effort: 'minimal' },
      responseFormat: { type: 'json', schema: weather, name: 'weather', strict: false },
    };
    const decoded = decodeOpenAIRequest(encodeOpenAIRequest(request, { model: 'gpt-5' }).value).value.request;
    expect(decoded).toEqual(request);
    expect(decoded.providerOptions).toBeUndefined();
  });

  it('decodeRequest keeps levels the IR has no name for as provider options', () => {
    const decoded = decodeOpenAIRequest({ model: 'gpt-5.1', messages: [], reasoning_effort: 'none' }).value.request;
    expect(decoded.reasoning).toBeUndefined();
    expect(decoded.providerOptions).toEqual({ openai: { reasoning_effort: 'none' } });
  });

  it('decodeRequest refuses a malformed response_format with its path', () => {
    const bad = (response_format: unknown) => () =>
      decodeOpenAIRequest({ model: 'gpt-5', messages: [], response_format });
    expect(bad({ type: 'json_schema' })).toThrow(InvalidRequestError);
    expect(bad({ type: 'json_schema' })).toThrow(/response_format\.json_schema/);
    expect(bad({ type: 'json_schema', json_schema: { name: 'x', schema: [] } })).toThrow(
      /response_format\.json_schema\.schema/,
    );
    expect(bad({ type: 'xml' })).toThrow(/response_format/);
    expect(() => decodeOpenAIRequest({ model: 'gpt-5', messages: [], reasoning_effort: 3 })).toThrow(
      /reasoning_effort/,
    );
  });
});

describe('reasoning on compatible servers (reasoningField)', () => {
  it('OpenRouter gets its reasoning object; a server without a control gets a warning', () => {
    const request = { ...base, reasoning: { effort: 'high' as const, budgetTokens: 6000 } };
    expect(
      encodeOpenAIRequest(request, { model: 'anthropic/claude-sonnet-4.5', reasoningField: 'reasoning' }).value,
    ).toMatchObject({
      reasoning: { effort: 'high', max_tokens: 6000 },
    });
    const none = encodeOpenAIRequest(request, { model: 'deepseek-reasoner', reasoningField: 'none' });
    expect(none.value).not.toHaveProperty('reasoning_effort');
    expect(none.warnings.map((warning) => warning.feature)).toEqual(['reasoning']);
  });
});
