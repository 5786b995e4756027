// The aggregator in front of an upstream it speaks to in the 2026-07-28 era (issue 30): the
// upstream's own InputRequiredResult — its keys, its request state — reaches the client, the
// client's answers and capabilities reach the upstream, and a 2025-era client is asked the same
// questions as server-to-client requests.
import {
  type ClientCapabilities,
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAggregator, startAggregator, upstreamEntry } from '../mcp-conformance/server-aggregator';
import { upstreamRequestState } from '../mcp-conformance/server-upstream-input-required';

let aggregator: RunningAggregator;
const clients: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  aggregator = await startAggregator({ conformance: upstreamEntry('2026-07-28') });
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await aggregator?.close();
});

async function modernClient(capabilities: ClientCapabilities): Promise<ModernClient> {
  const client = new ModernClient(
    { name: 'modern-host', version: '1.0.0' },
    { capabilities, versionNegotiation: { mode: 'auto' }, inputRequired: { autoFulfill: false } },
  );
  await client.connect(new ModernTransport(new URL(aggregator.url)));
  clients.push(client);
  expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  return client;
}

type Answer = {
  resultType?: string;
  inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
  requestState?: string;
  content?: unknown;
};

function call(client: ModernClient, name: string, extra: Record<string, unknown> = {}): Promise<Answer> {
  return client.request({ method: 'tools/call', params: { name, arguments: {}, ...extra } } as never, {
    allowInputRequired: true,
  }) as Promise<Answer>;
}

describe('a 2026-07-28 upstream behind the aggregator', () => {
  it('is spoken to in its era', () => {
    expect(aggregator.bridge.servers.map((status) => status.era)).toEqual(['modern']);
  });

  it('asks the client under its own keys and finishes with the client’s answers', async () => {
    const client = await modernClient({ elicitation: { form: {} } });
    const first = await call(client, 'test_input_required_result_elicitation');
    expect(first.resultType).toBe('input_required');
    expect(Object.keys(first.inputRequests ?? {})).toEqual(['user_name']);
    expect(first.inputRequests?.user_name?.method).toBe('elicitation/create');
    const second = await call(client, 'test_input_required_result_elicitation', {
      inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } },
      ...(first.requestState === undefined ? {} : { requestState: first.requestState }),
    });
    expect(second.content).toEqual([{ type: 'text', text: 'Hello, Alice!' }]);
  }, 60_000);

  it('passes the upstream’s signed request state through untouched, and refuses a tampered one', async () => {
    const client = await modernClient({ elicitation: { form: {} } });
    const first = await call(client, 'test_input_required_result_request_state');
    // The very string the upstream signed reaches the client: it verifies under the upstream's key.
    expect(await upstreamRequestState.verify(first.requestState ?? '', {} as never)).toBe('confirm');
    const answers = { confirm: { action: 'accept', content: { ok: true } } };
    const done = await call(client, 'test_input_required_result_request_state', {
      inputResponses: answers,
      requestState: first.requestState,
    });
    expect(done.content).toEqual([{ type: 'text', text: 'Confirmed: state-ok' }]);
    await expect(
      call(client, 'test_input_required_result_request_state', {
        inputResponses: answers,
        requestState: `${first.requestState}-TAMPERED`,
      }),
    ).rejects.toThrow(/requestState/);
  }, 60_000);

  it.each([
    [{ sampling: {} }, ['greeting']],
    [{ elicitation: { form: {} } }, ['user_name']],
  ] as const)(
    'declares the calling client’s capabilities %j upstream, not its own',
    async (capabilities, keys) => {
      const client = await modernClient(capabilities);
      const answer = await call(client, 'test_input_required_result_capabilities');
      expect(answer.resultType).toBe('input_required');
      expect(Object.keys(answer.inputRequests ?? {})).toEqual(keys);
    },
    60_000,
  );

  it('passes the upstream’s -32021 on with its data, naming the capability the client lacks', async () => {
    const client = await modernClient({});
    const refused = await call(client, 'test_missing_capability').then(
      () => undefined,
      (error: { code?: number; data?: unknown }) => error,
    );
    expect(refused?.code).toBe(-32021);
    expect(refused?.data).toMatchObject({ requiredCapabilities: { sampling: {} } });
  }, 60_000);

  it('asks a 2025-era client the same question as a server-to-client request', async () => {
    const client = new Client({ name: 'legacy-host', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { name: 'Bob' } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(aggregator.url)));
    clients.push(client);
    const result = await client.callTool({ name: 'test_input_required_result_elicitation', arguments: {} });
    expect(asked).toEqual(['What is your name?']);
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Bob!' }]);
  }, 60_000);
});

describe('what a 2026-07-28 upstream answers, as each client may receive it', () => {
  const upstreamInfo = { name: 'interlingua-conformance-upstream', version: '1.0.0' };

  it('gives a 2025-era client none of the 2026-07-28 fields, and no one the upstream’s serverInfo', async () => {
    const client = new Client({ name: 'legacy-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(aggregator.url)));
    clients.push(client);
    const read = (await client.readResource({ uri: 'test://static-text' })) as Record<string, unknown>;
    expect(read.contents).toEqual([
      { uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' },
    ]);
    for (const field of ['ttlMs', 'cacheScope', 'resultType']) expect(read, field).not.toHaveProperty(field);
    const called = await client.callTool({ name: 'test_simple_text', arguments: {} });
    const prompt = await client.getPrompt({ name: 'test_simple_prompt' });
    for (const result of [read, called, prompt]) {
      expect(JSON.stringify(result)).not.toContain('io.modelcontextprotocol/');
    }

    const modern = await modernClient({});
    const modernRead = (await modern.request({
      method: 'resources/read',
      params: { uri: 'test://static-text' },
    } as never)) as Record<string, unknown>;
    // The upstream's caching hints are the client's to use in this era.
    expect(modernRead).toMatchObject({ ttlMs: expect.any(Number), cacheScope: expect.any(String) });
    const modernCalled = (await call(modern, 'test_simple_text')) as Record<string, unknown>;
    for (const result of [modernRead, modernCalled]) {
      expect((result._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/serverInfo']).not.toEqual(
        upstreamInfo,
      );
    }
  }, 60_000);
});
