import { getEventListeners } from 'node:events';
import type { ChatModel } from '@interlingua/core';
import type { Gateway } from '@interlingua/gateway';
import { createBuiltInGateway, createOpenAI } from 'interlingua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Issue 33: on Node 20 every attempt's new AbortController cost ~2 µs and was promoted to V8's
// old generation. A JSON call's controller now goes back to a pool once its attempt answered —
// only when nothing can hear it any more: not aborted, its timer cleared, its client no longer
// watched, no `abort` listener left. These tests hold the gateway to the "only when".

let backends: Backends;
let gateway: Gateway;
let url: string;
/** Every signal an attempt was given, in order, with the model name it was for. */
const seen: Array<{ backend: string; signal: AbortSignal; stream: boolean }> = [];

function recording(model: ChatModel, backend: string, behaviour?: 'keeps-a-listener' | 'waits-for-abort'): ChatModel {
  const note = (signal: AbortSignal | undefined, stream: boolean) => {
    if (signal === undefined) throw new Error('The gateway gave no signal.');
    seen.push({ backend, signal, stream });
    if (behaviour === 'keeps-a-listener') signal.addEventListener('abort', () => undefined);
  };
  return {
    provider: model.provider,
    modelId: model.modelId,
    capabilities: model.capabilities,
    generate: async (request, options) => {
      note(options?.signal, false);
      if (behaviour === 'waits-for-abort') {
        await new Promise((_, reject) =>
          options?.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true }),
        );
      }
      return model.generate(request, options);
    },
    stream: (request, options) => {
      note(options?.signal, true);
      return model.stream(request, options);
    },
  };
}

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = GATEWAY_SCENARIOS[0]!.response;
  const openai = createOpenAI({
    baseURL: `${backends.servers.openai.url}/v1`,
    apiKey: 'sk-backend-0000',
    maxRetries: 0,
    transport: 'lean',
  });
  gateway = createBuiltInGateway(
    backendConfig(backends, {
      models: {
        plain: { model: 'openai:plain', retries: 0 },
        sticky: { model: 'openai:sticky', retries: 0 },
        slow: { model: 'openai:slow', retries: 0, timeoutMs: 50 },
      },
    }),
    {
      log: false,
      models: (backend) => {
        const modelId = backend.slice(backend.indexOf(':') + 1);
        const behaviour =
          modelId === 'sticky' ? 'keeps-a-listener' : modelId === 'slow' ? 'waits-for-abort' : undefined;
        return recording(openai(modelId), modelId, behaviour);
      },
    },
  );
  ({ url } = await gateway.listen({ port: 0 }));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

async function call(model: string, stream = false): Promise<number> {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test-key' },
    body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'Hello.' }] }),
  });
  await response.text();
  return response.status;
}

const lastSignal = (backend: string) => seen.filter((entry) => entry.backend === backend).at(-1)?.signal;

describe("a JSON call's AbortController is reused only when nothing can hear it (issue 33)", () => {
  it('hands the signal of an answered JSON call (lean transport) to the next call, unaborted and unheard', async () => {
    expect(await call('plain')).toBe(200);
    const first = lastSignal('plain');
    expect(await call('plain')).toBe(200);
    const second = lastSignal('plain');
    expect(second).toBe(first);
    expect(second?.aborted).toBe(false);
    expect(getEventListeners(second as AbortSignal, 'abort')).toHaveLength(0);
  });

  it('never hands out again a signal something still listens to', async () => {
    expect(await call('sticky')).toBe(200);
    const kept = lastSignal('sticky') as AbortSignal;
    const after = seen.length;
    for (let index = 0; index < 5; index++) expect(await call('plain')).toBe(200);
    expect(await call('sticky')).toBe(200);
    const later = seen.slice(after);
    expect(later.length).toBe(6);
    expect(later.every((entry) => entry.signal !== kept)).toBe(true);
    expect(kept.aborted).toBe(false);
  });

  it('never hands out again the signal of an attempt that timed out', async () => {
    expect(await call('slow')).toBe(504);
    const timedOut = lastSignal('slow') as AbortSignal;
    expect(timedOut.aborted).toBe(true);
    const after = seen.length;
    for (let index = 0; index < 3; index++) expect(await call('plain')).toBe(200);
    expect(seen.slice(after).filter((entry) => entry.signal === timedOut)).toHaveLength(0);
  });

  it("never hands out again a stream's signal (it stays the stream's until the stream ends)", async () => {
    expect(await call('plain', true)).toBe(200);
    const streamed = lastSignal('plain') as AbortSignal;
    const after = seen.length;
    for (let index = 0; index < 3; index++) expect(await call('plain')).toBe(200);
    expect(seen.slice(after).filter((entry) => entry.signal === streamed)).toHaveLength(0);
    // No signal is used after a stream's use of it.
    seen.forEach((entry, index) => {
      if (entry.stream) expect(seen.slice(index + 1).some((later) => later.signal === entry.signal)).toBe(false);
    });
  });
});
