import { fileURLToPath } from 'node:url';
import { APICallError, collectStream, type StreamEvent } from '@interlingua/core';
import { json, loadCodecFixtures, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createAcme } from './create-acme';

const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const fixture = (name: string) => fixtures.find((entry) => entry.name === name) ?? { name };

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const request = {
  system: 'Be brief.',
  messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Weather in Paris and 北京?' }] }],
  tools: [
    {
      name: 'get_weather',
      description: 'Weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    },
  ],
};

describe('the Acme model over HTTP, against the testkit provider server', () => {
  it('generate: posts the encoded body with the bearer key and returns the fixture IR', async () => {
    server = await startProviderServer({
      routes: [{ method: 'POST', path: '/v1/chat', reply: json(fixture('acme-tool-calls.1').body) }],
    });
    const response = await createAcme({ baseURL: server.url, apiKey: 'acme-test' })('acme-large').generate(request);
    expect(response).toEqual(fixture('acme-tool-calls.1').expected);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer acme-test');
    expect(server.requests[0]?.body).toEqual({
      model: 'acme-large',
      system: 'Be brief.',
      turns: [{ speaker: 'human', text: 'Weather in Paris and 北京?' }],
      functions: [
        { name: 'get_weather', about: 'Weather', schema: { type: 'object', properties: { city: { type: 'string' } } } },
      ],
    });
  });

  it('stream: SSE split anywhere folds to the same IR; a fault mid-stream is an error event', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/chat',
          reply: [
            sse('openai', fixture('acme-tool-calls.1').chunks ?? [], { splitEvery: 5 }),
            sse('openai', fixture('acme-fault.1').chunks ?? []),
          ],
        },
      ],
    });
    const model = createAcme({ baseURL: server.url, apiKey: 'acme-test' })('acme-large');
    expect(await collectStream(model.stream(request))).toEqual(fixture('acme-tool-calls.1').expected);
    expect(server.requests[0]?.body).toMatchObject({ stream: true });
    const events: StreamEvent[] = [];
    for await (const event of model.stream(request)) events.push(event);
    expect(events.map((event) => event.type)).toEqual(['text-delta', 'error']);
    expect(events[1]).toMatchObject({ error: { providerErrorType: 'busy', isRetryable: true } });
  });

  it('an HTTP error is an APICallError with Acme’s message', async () => {
    server = await startProviderServer({
      routes: [
        { path: '/v1/chat', reply: json({ error: { code: 'bad_key', message: 'Unknown key.' } }, { status: 401 }) },
      ],
    });
    const failure = await createAcme({ baseURL: server.url, apiKey: 'wrong' })('acme-large')
      .generate(request)
      .catch((error: unknown) => error);
    expect(APICallError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      statusCode: 401,
      providerErrorType: 'bad_key',
      message: 'Unknown key.',
      isRetryable: false,
    });
  });
});
