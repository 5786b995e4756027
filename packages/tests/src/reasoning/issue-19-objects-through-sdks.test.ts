import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateObject, NoObjectGeneratedError, streamObject } from '@interlingua/agent';
import { createAnthropic } from '@interlingua/anthropic';
import { withCapabilities } from '@interlingua/capabilities';
import { createOpenAI } from '@interlingua/openai';
import { json, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

// Issue 19: generateObject / streamObject over the official SDKs against local provider servers.

const fixtures = fileURLToPath(new URL('../../../openai/src/__fixtures__/', import.meta.url));
const chunks = readFileSync(`${fixtures}openai-json-schema.1.chunks.txt`, 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line));
const weather = z.object({ city: z.string(), temperatureC: z.number(), conditions: z.array(z.string()) });

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const anthropicText = (text: string) =>
  json({
    id: 'msg_repair',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 40, output_tokens: 12 },
  });

describe('objects through the official SDKs', () => {
  it('streamObject over the openai SDK: partial objects from the streamed JSON, then the validated object', async () => {
    server = await startProviderServer({
      routes: [{ method: 'POST', path: '/v1/chat/completions', reply: sse('openai', chunks, { splitEvery: 9 }) }],
    });
    const model = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0 })('gpt-5-mini');
    const { partialObjectStream, object } = streamObject({ model, schema: weather, prompt: 'Weather in Paris?' });
    const partials: unknown[] = [];
    for await (const partial of partialObjectStream) partials.push(partial);
    expect(partials).toEqual([
      { city: 'Pa' },
      { city: 'Paris' },
      { city: 'Paris', temperatureC: 18, conditions: ['cloudy'] },
      { city: 'Paris', temperatureC: 18, conditions: ['cloudy', 'light rain'] },
    ]);
    expect(await object).toEqual({ city: 'Paris', temperatureC: 18, conditions: ['cloudy', 'light rain'] });
    expect(server.requests[0]?.body).toMatchObject({
      stream: true,
      response_format: { type: 'json_schema', json_schema: { name: 'response' } },
    });
  });

  it('the repair round trip over the Anthropic SDK: an invalid answer is re-asked with the issues', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/messages',
          reply: [
            anthropicText('{"city":"Paris","temperatureC":"mild","conditions":[]}'),
            anthropicText('{"city":"Paris","temperatureC":18,"conditions":["cloudy"]}'),
          ],
        },
      ],
    });
    const model = withCapabilities(
      createAnthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 })('claude-sonnet-4-5'),
    );
    const result = await generateObject({ model, schema: weather, prompt: 'Weather in Paris?' });
    expect(result.object).toEqual({ city: 'Paris', temperatureC: 18, conditions: ['cloudy'] });
    const retry = server.requests[1]?.body as {
      messages: { role: string; content: { text?: string }[] }[];
      output_config: unknown;
    };
    expect(retry.output_config).toMatchObject({ format: { type: 'json_schema' } });
    expect(retry.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(retry.messages[2]?.content[0]?.text).toContain('object.temperatureC');
  });

  it('after the last re-ask: NoObjectGeneratedError with the raw text', async () => {
    server = await startProviderServer({
      routes: [{ method: 'POST', path: '/v1/messages', reply: anthropicText('Sunny and mild.') }],
    });
    const model = createAnthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 })('claude-sonnet-4-5');
    const error = await generateObject({ model, schema: weather, prompt: 'Paris?', maxRepairs: 1 }).catch(
      (caught: unknown) => caught,
    );
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    expect((error as NoObjectGeneratedError).text).toBe('Sunny and mild.');
    expect(server.requests).toHaveLength(2);
  });
});
