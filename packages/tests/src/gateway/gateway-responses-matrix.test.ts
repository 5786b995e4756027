import type { Gateway } from '@interlingua/gateway';
import type { ProviderServer } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestDigest, responseDigest } from './gateway-digests';
import { type Backends, startBackends, startGateway } from './gateway-harness';
import {
  callWithResponsesSdk,
  carriedByResponses,
  RESPONSES_BACKEND_CODECS,
  RESPONSES_BACKEND_MODEL,
  RESPONSES_BACKENDS,
  type ResponsesBackend,
  responsesConfig,
  startResponsesBackend,
} from './gateway-responses-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// Issue 18: `POST /v1/responses`, the gateway matrix's row for a Responses client — the `openai`
// SDK's `responses.create` and `responses.stream` × 4 backends (Chat Completions, Anthropic,
// Gemini, the Responses API itself, each a provider server behind the real adapter) × {JSON,
// stream} × the six scenarios. The SDK's parsed result means what the backend sent, and the body
// the backend got means what the client asked, as far as both formats carry it.

let backends: Backends;
let responsesServer: ProviderServer;
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  backends = await startBackends();
  responsesServer = await startResponsesBackend(backends);
  ({ gateway, url } = await startGateway(responsesConfig(backends, responsesServer)));
});

afterAll(async () => {
  await gateway.close();
  await backends.close();
  await responsesServer.close();
});

const serverOf = (backend: ResponsesBackend): ProviderServer =>
  backend === 'openai-responses' ? responsesServer : backends.servers[backend];

const cases = RESPONSES_BACKENDS.flatMap((backend) =>
  [false, true].flatMap((stream) => GATEWAY_SCENARIOS.map((scenario) => ({ backend, stream, scenario }))),
);

describe('gateway matrix: Responses client × backend × {JSON, stream} × scenario', () => {
  it.each(
    cases.map(
      (row) =>
        [`openai-responses → ${row.backend} ${row.stream ? 'stream' : 'JSON'}: ${row.scenario.name}`, row] as const,
    ),
  )('%s', async (_name, { backend, stream, scenario }) => {
    backends.answer = scenario.response;
    const server = serverOf(backend);
    const before = server.requests.length;
    const result = await callWithResponsesSdk(url, RESPONSES_BACKEND_MODEL[backend], scenario.request, stream);

    const carry = carriedByResponses(backend);
    expect(responseDigest(result.response, carry)).toEqual(responseDigest(scenario.response, carry));
    expect(result.raw.status).toBe('completed');

    expect(server.requests.length).toBe(before + 1);
    const received = RESPONSES_BACKEND_CODECS[backend].decodeRequest(server.requests.at(-1)?.body).value.request;
    expect(requestDigest(received, carry)).toEqual(requestDigest(scenario.request, carry));
  });
});
