import type { Gateway } from '@interlingua/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carried, requestDigest, responseDigest } from './gateway-digests';
import {
  BACKEND_MODEL,
  type Backends,
  backendConfig,
  CODECS,
  callWithSdk,
  startBackends,
  startGateway,
  WIRE_FORMATS,
} from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// The matrix, generated from data: 3 inbound formats (each through its official SDK)
// × 3 backends (each a provider server behind the real adapter) × {JSON, stream} × 6 scenarios.
// For each: the SDK's parsed result means what the backend sent, and the body the backend got
// means what the client asked — as far as both formats carry it (gateway-digests.ts).

let backends: Backends;
let gateway: Gateway;
let url: string;

beforeAll(async () => {
  backends = await startBackends();
  ({ gateway, url } = await startGateway(backendConfig(backends)));
});

afterAll(async () => {
  await gateway.close();
  await backends.close();
});

const cases = WIRE_FORMATS.flatMap((inbound) =>
  WIRE_FORMATS.flatMap((backend) =>
    [false, true].flatMap((stream) => GATEWAY_SCENARIOS.map((scenario) => ({ inbound, backend, stream, scenario }))),
  ),
);

describe('gateway matrix: inbound × backend × {JSON, stream} × scenario', () => {
  it.each(
    cases.map(
      (row) =>
        [`${row.inbound} → ${row.backend} ${row.stream ? 'stream' : 'JSON'}: ${row.scenario.name}`, row] as const,
    ),
  )('%s', async (_name, { inbound, backend, stream, scenario }) => {
    backends.answer = scenario.response;
    const server = backends.servers[backend];
    const before = server.requests.length;
    const result = await callWithSdk(inbound, url, BACKEND_MODEL[backend], scenario.request, stream);

    const carry = carried(inbound, backend);
    expect(responseDigest(result.response, carry)).toEqual(responseDigest(scenario.response, carry));

    expect(server.requests.length).toBe(before + 1);
    const received = CODECS[backend].decodeRequest(server.requests.at(-1)?.body).value.request;
    expect(requestDigest(received, carry)).toEqual(requestDigest(scenario.request, carry));
  });
});
