import { type ChatRequest, InvalidRequestError } from '@interlingua/core';
import { json, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { bedrockRoutes } from './__fixtures__/bedrock-routes';
import { createBedrock } from './create-bedrock';
import { decodeBedrockRequest } from './decode-bedrock-request';
import { encodeBedrockRequest } from './encode-bedrock-request';

const MODEL = 'anthropic.claude-sonnet-4-20250514-v1:0';
const credentials = { accessKeyId: 'AKIDTESTEXAMPLE', secretAccessKey: 'test-secret-key-not-real' };
// A Converse response whose text is the JSON answer (Converse response syntax, structured output guide).
const answer = {
  output: { message: { role: 'assistant', content: [{ text: '{"city":"Paris","temperatureC":18}' }] } },
  stopReason: 'end_turn',
  usage: { inputTokens: 60, outputTokens: 14, totalTokens: 74 },
  metrics: { latencyMs: 640 },
};
const weather = {
  type: 'object',
  properties: { city: { type: 'string' }, temperatureC: { type: 'number' } },
  required: ['city', 'temperatureC'],
  additionalProperties: false,
};
const ask: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }] };

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('reasoning and responseFormat on Bedrock Converse, through the AWS SDK', () => {
  it('sends Claude thinking in additionalModelRequestFields and the schema in outputConfig.textFormat', async () => {
    server = await startProviderServer({ routes: bedrockRoutes(MODEL, { converse: json(answer) }) });
    const model = createBedrock({ region: 'us-east-1', credentials, endpoint: server.url, maxRetries: 0 })(MODEL);
    const response = await model.generate({
      ...ask,
      maxOutputTokens: 3000,
      reasoning: { effort: 'minimal' },
      responseFormat: { type: 'json', schema: weather, name: 'weather' },
    });
    expect(server.requests[0]?.body).toEqual({
      messages: [{ role: 'user', content: [{ text: 'Weather in Paris?' }] }],
      inferenceConfig: { maxTokens: 3000 },
      additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 1024 } },
      outputConfig: {
        textFormat: {
          type: 'json_schema',
          structure: { jsonSchema: { schema: JSON.stringify(weather), name: 'weather' } },
        },
      },
    });
    expect(response.message.content).toEqual([{ type: 'text', text: '{"city":"Paris","temperatureC":18}' }]);
  });

  it('raises maxTokens above the budget with a warning; other models get a warning', () => {
    const claude = encodeBedrockRequest(
      { ...ask, maxOutputTokens: 1000, reasoning: { budgetTokens: 2000 } },
      { model: MODEL },
    );
    expect(claude.value.inferenceConfig).toEqual({ maxTokens: 6096 });
    expect(claude.warnings.map((warning) => warning.feature)).toEqual(['maxOutputTokens']);
    const nova = encodeBedrockRequest({ ...ask, reasoning: { effort: 'high' } }, { model: 'amazon.nova-pro-v1:0' });
    expect(nova.value.additionalModelRequestFields).toBeUndefined();
    expect(nova.warnings.map((warning) => warning.feature)).toEqual(['reasoning']);
  });

  it('merges thinking with the caller own additionalModelRequestFields', () => {
    const { value } = encodeBedrockRequest(
      {
        ...ask,
        maxOutputTokens: 9000,
        reasoning: { budgetTokens: 4000 },
        providerOptions: { bedrock: { additionalModelRequestFields: { top_k: 5 } } },
      },
      { model: MODEL },
    );
    expect(value.additionalModelRequestFields).toEqual({
      thinking: { type: 'enabled', budget_tokens: 4000 },
      top_k: 5,
    });
  });

  it('decodeRequest maps both back (round trip) and refuses a schema string that is not a JSON object', () => {
    const request: ChatRequest = {
      ...ask,
      maxOutputTokens: 9000,
      reasoning: { budgetTokens: 4000 },
      responseFormat: { type: 'json', schema: weather, name: 'weather', description: 'Weather' },
    };
    expect(decodeBedrockRequest(encodeBedrockRequest(request, { model: MODEL }).value).value.request).toEqual(request);
    const bad = (schema: string) => () =>
      decodeBedrockRequest({
        messages: [],
        outputConfig: { textFormat: { type: 'json_schema', structure: { jsonSchema: { schema } } } },
      });
    expect(bad('{oops')).toThrow(InvalidRequestError);
    expect(bad('[1]')).toThrow(/outputConfig\.textFormat\.structure\.jsonSchema\.schema/);
  });
});
