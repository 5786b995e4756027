import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Issue 33: the built-in gateway calls OpenAI, Anthropic and Gemini backends through the lean
// transport (no SDK object per call), so what reaches the provider carries none of the SDKs' own headers.

let backends: Backends;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = GATEWAY_SCENARIOS[0]!.response;
});
afterAll(async () => {
  await backends.close();
});

describe('the gateway sends to its backends with the lean transport', () => {
  it.each(['openai-backend', 'anthropic-backend', 'gemini-backend'])(
    '%s: the request carries no SDK header, the key in its place',
    async (model) => {
      const { gateway, url } = await startGateway(backendConfig(backends));
      try {
        const client = new OpenAI({ apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0 });
        for (const stream of [false, true]) {
          const before = Object.values(backends.servers).reduce((sum, server) => sum + server.requests.length, 0);
          if (stream) {
            const chunks = await client.chat.completions.create({
              model,
              messages: [{ role: 'user', content: 'Hi' }],
              stream: true,
            });
            for await (const _chunk of chunks);
          } else await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] });
          const server =
            model === 'openai-backend'
              ? backends.servers.openai
              : model === 'anthropic-backend'
                ? backends.servers.anthropic
                : backends.servers.gemini;
          const sent = server.requests.at(-1);
          expect(Object.values(backends.servers).reduce((sum, each) => sum + each.requests.length, 0)).toBe(before + 1);
          expect(Object.keys(sent?.headers ?? {}).filter((name) => name.startsWith('x-stainless'))).toEqual([]);
          expect(sent?.headers['x-goog-api-client']).toBeUndefined();
          expect(sent?.headers['user-agent'] ?? '').not.toMatch(/OpenAI|Anthropic|google-genai-sdk/);
          if (model === 'openai-backend') expect(sent?.headers.authorization).toBe('Bearer sk-backend-openai-0000');
          else if (model === 'anthropic-backend') expect(sent?.headers['x-api-key']).toBe('sk-ant-backend-0000');
          else expect(sent?.headers['x-goog-api-key']).toBe('gemini-backend-key-0000');
        }
      } finally {
        await gateway.close();
      }
    },
  );
});
