import type { Gateway } from '@interlingua/gateway';
import { hang } from '@interlingua/testkit';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';

// The gateway bounds each attempt with the backend's `timeoutMs` and marks the attempt's signal
// with that deadline, so the lean transport adds no timer of its own: a backend that never answers
// must still end in the gateway's typed timeout, and its connection must be dropped.

const TIMEOUT_MS = 400;

let backends: Backends;
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = () => hang();
  ({ gateway, url } = await startGateway(
    backendConfig(backends, { models: { slow: { model: 'openai:gpt-4.1', retries: 0, timeoutMs: TIMEOUT_MS } } }),
  ));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
});

describe("a backend that never answers, under the lean transport and the gateway's attempt deadline", () => {
  for (const stream of [false, true]) {
    it(`${stream ? 'a stream' : 'a JSON call'} ends in a 504 timeout naming timeoutMs, and the backend's connection closes`, async () => {
      const client = new OpenAI({ apiKey: 'test-key', baseURL: `${url}/v1`, maxRetries: 0, timeout: 20_000 });
      const before = backends.servers.openai.requests.length;
      const call = stream
        ? client.chat.completions.create({ model: 'slow', messages: [{ role: 'user', content: 'hi' }], stream: true })
        : client.chat.completions.create({ model: 'slow', messages: [{ role: 'user', content: 'hi' }] });
      const error = await call.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(OpenAI.APIError);
      const apiError = error as InstanceType<typeof OpenAI.APIError>;
      expect(apiError.status).toBe(504);
      expect(apiError.message).toContain(`within ${TIMEOUT_MS} ms (timeoutMs)`);
      expect(backends.servers.openai.requests.length).toBe(before + 1);
      await expect(backends.servers.openai.closed(before)).resolves.toEqual(expect.any(Number));
    }, 30_000);
  }
});
