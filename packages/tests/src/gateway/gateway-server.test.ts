import Anthropic from '@anthropic-ai/sdk';
import { InvalidSettingError } from '@interlingua/core';
import { hashGatewayKey } from '@interlingua/gateway';
import { hang } from '@interlingua/testkit';
import { createBuiltInGateway } from 'interlingua';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// The server around the routes: binding rules, models lists, count_tokens, metrics,
// maxConcurrent, revocation, provider:model requests.

const KEY = 'sk-gw-server-test-0123456789';
let backends: Backends;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = GATEWAY_SCENARIOS[0]!.response;
});
afterAll(async () => {
  await backends.close();
});

describe('binding', () => {
  it('refuses a non-loopback address without keys, saying why and what to do', async () => {
    const gateway = createBuiltInGateway(backendConfig(backends), { log: false, registry: { env: {} } });
    const error = await gateway.listen({ host: '0.0.0.0', port: 0 }).catch((caught: unknown) => caught);
    expect(InvalidSettingError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('Refusing to listen on 0.0.0.0 without keys');
    await gateway.close();
  });

  it('listens on any address once keys are configured', async () => {
    const gateway = createBuiltInGateway(
      backendConfig(backends, { keys: [{ name: 'k', sha256: hashGatewayKey(KEY) }] }),
      { log: false, registry: { env: {} } },
    );
    const { port } = await gateway.listen({ host: '0.0.0.0', port: 0 });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await gateway.close();
  });
});

describe('routes around the model calls', () => {
  it('lists the models the key may use in each format (OpenAI, Anthropic, Gemini)', async () => {
    const { gateway, url } = await startGateway(
      backendConfig(backends, { keys: [{ name: 'k', sha256: hashGatewayKey(KEY), models: ['anthropic-backend'] }] }),
    );
    try {
      const openai = new OpenAI({ apiKey: KEY, baseURL: `${url}/v1`, maxRetries: 0 });
      const listed = [];
      for await (const model of openai.models.list()) listed.push(model.id);
      expect(listed).toEqual(['anthropic-backend']);
      const anthropic = new Anthropic({ apiKey: KEY, baseURL: url, maxRetries: 0 });
      const page = await anthropic.models.list();
      expect(page.data.map((model) => [model.type, model.id])).toEqual([['model', 'anthropic-backend']]);
      const gemini = (await (await fetch(`${url}/v1beta/models`, { headers: { 'x-goog-api-key': KEY } })).json()) as {
        models: { name: string; inputTokenLimit?: number }[];
      };
      expect(gemini.models.map((model) => model.name)).toEqual(['models/anthropic-backend']);
      expect(gemini.models[0]?.inputTokenLimit).toBeGreaterThan(100_000);
    } finally {
      await gateway.close();
    }
  });

  it('counts tokens for the Anthropic SDK without calling a backend', async () => {
    const { gateway, url } = await startGateway(backendConfig(backends));
    try {
      const before = backends.servers.anthropic.requests.length;
      const anthropic = new Anthropic({ apiKey: 'unused', baseURL: url, maxRetries: 0 });
      const counted = await anthropic.messages.countTokens({
        model: 'anthropic-backend',
        messages: [{ role: 'user', content: 'Count the tokens of this sentence, please.' }],
      });
      expect(counted.input_tokens).toBe(11); // 42 characters / 4, rounded up
      expect(backends.servers.anthropic.requests.length).toBe(before);
    } finally {
      await gateway.close();
    }
  });

  it('serves Prometheus metrics: requests, tokens, errors, latency and overhead', async () => {
    const { gateway, url } = await startGateway(backendConfig(backends));
    try {
      const openai = new OpenAI({ apiKey: 'unused', baseURL: `${url}/v1`, maxRetries: 0 });
      await openai.chat.completions.create({ model: 'gemini-backend', messages: [{ role: 'user', content: 'hi' }] });
      await openai.chat.completions.create({ model: 'nope', messages: [] }).catch(() => undefined);
      const text = await (await fetch(`${url}/metrics`)).text();
      expect(text).toContain(
        'interlingua_gateway_requests_total{route="openai.chat",format="openai",model="gemini-backend",status="200"} 1',
      );
      expect(text).toContain(
        'interlingua_gateway_tokens_total{model="gemini-backend",backend="gemini:gemini-2.5-flash",kind="input"} 21',
      );
      expect(text).toContain('interlingua_gateway_errors_total{format="openai",type="not_found"} 1');
      expect(text).toMatch(
        /interlingua_gateway_request_duration_seconds_count\{route="openai.chat",stream="false"\} 2/,
      );
      expect(text).toMatch(/interlingua_gateway_overhead_seconds_bucket/);
    } finally {
      await gateway.close();
    }
  });

  it('answers 503 over limits.maxConcurrent, and a revoked key 401', async () => {
    const { gateway, url } = await startGateway(
      backendConfig(backends, {
        limits: { maxConcurrent: 1, maxBodyBytes: 1_000_000 },
        keys: [{ name: 'k', sha256: hashGatewayKey(KEY) }],
      }),
    );
    try {
      backends.answer = () => hang();
      const openai = new OpenAI({ apiKey: KEY, baseURL: `${url}/v1`, maxRetries: 0 });
      const controller = new AbortController();
      const first = openai.chat.completions
        .create({ model: 'openai-backend', messages: [{ role: 'user', content: 'hi' }] }, { signal: controller.signal })
        .catch((error: unknown) => error);
      const before = backends.servers.openai.requests.length;
      while (backends.servers.openai.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
      const second = (await openai.chat.completions
        .create({ model: 'openai-backend', messages: [{ role: 'user', content: 'hi' }] })
        .catch((error: unknown) => error)) as InstanceType<typeof OpenAI.APIError>;
      expect(second.status).toBe(503);
      expect(second.message).toContain('limit of 1 requests (limits.maxConcurrent)');
      controller.abort();
      await first;
      backends.answer = GATEWAY_SCENARIOS[0]!.response;
      await gateway.store.revoke('k');
      const revoked = (await openai.chat.completions
        .create({ model: 'openai-backend', messages: [{ role: 'user', content: 'hi' }] })
        .catch((error: unknown) => error)) as InstanceType<typeof OpenAI.APIError>;
      expect(revoked.status).toBe(401);
      expect(revoked.message).toContain('The key "k" was revoked.');
    } finally {
      backends.answer = GATEWAY_SCENARIOS[0]!.response;
      await gateway.close();
    }
  });

  it('takes "provider:model" names only with allowProviderModels', async () => {
    const closed = await startGateway(backendConfig(backends));
    const open = await startGateway(backendConfig(backends, { allowProviderModels: true }));
    try {
      const ask = (url: string) =>
        new OpenAI({ apiKey: 'unused', baseURL: `${url}/v1`, maxRetries: 0 }).chat.completions.create({
          model: 'anthropic:claude-opus-4-1',
          messages: [{ role: 'user', content: 'hi' }],
        });
      await expect(ask(closed.url)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
      const completion = await ask(open.url);
      expect(completion.choices[0]?.message.content).toBe('你好！有什么可以帮你？');
      const sent = backends.servers.anthropic.requests.at(-1)?.body as { model: string } | undefined;
      expect(sent?.model).toBe('claude-opus-4-1');
      const unknown = await new OpenAI({ apiKey: 'unused', baseURL: `${open.url}/v1`, maxRetries: 0 }).chat.completions
        .create({ model: 'nosuch:model', messages: [{ role: 'user', content: 'hi' }] })
        .catch((error: unknown) => error);
      expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    } finally {
      await closed.gateway.close();
      await open.gateway.close();
    }
  });
});
