import { readdirSync, readFileSync } from 'node:fs';
import type { Gateway } from '@interlingua/gateway';
import type { ProviderServer } from '@interlingua/testkit';
import { textResponse } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallFormat } from './client-request-digest';
import { type Backends, startBackends, startGateway } from './gateway-harness';
import {
  RESPONSES_BACKEND_MODEL,
  RESPONSES_BACKENDS,
  type ResponsesBackend,
  responsesConfig,
  startResponsesBackend,
} from './gateway-responses-harness';
import { type ReportedWarning, requestLosses } from './request-losses';

// Issue 28, "real clients as fixtures": the request bodies Claude Code, Codex, Gemini CLI, opencode,
// the AI SDK 7, LangChain and the OpenAI Agents SDK really send (recorded by
// `packages/tests/scripts/record-client.ts`, each with its `source`), replayed through the gateway
// onto each backend format. What the client asked for — every function tool, system text, tool
// call and result, setting, other field and feature header — must reach the backend in the
// backend's own format or be named in a warning (`x-interlingua-warnings`, the log line). The
// expectations are read from each fixture by `requestLosses`, never written per case.

type ClientFixture = {
  source: { client: string; recorded: string; how: string; removed: string };
  format: CallFormat;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
};

const directory = new URL('./__fixtures__/clients/', import.meta.url);
const FIXTURES = readdirSync(directory)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({
    name: file.replace(/\.json$/, ''),
    fixture: JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as ClientFixture,
  }));

/** The format each backend speaks on the wire. */
const BACKEND_FORMAT: Record<ResponsesBackend, CallFormat> = {
  openai: 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
  'openai-responses': 'openai-responses',
};

let backends: Backends;
let responsesServer: ProviderServer;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  backends = await startBackends();
  backends.answer = textResponse('The weather in Paris is sunny.');
  responsesServer = await startResponsesBackend(backends);
  ({ gateway, url, logs } = await startGateway(responsesConfig(backends, responsesServer)));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
  await responsesServer.close();
});

const serverOf = (backend: ResponsesBackend): ProviderServer =>
  backend === 'openai-responses' ? responsesServer : backends.servers[backend];

/** The fixture's request aimed at a gateway model: the model named in the body, or in the path for Gemini. */
function replay(fixture: ClientFixture, model: string): { path: string; body: Record<string, unknown> } {
  if (fixture.format === 'gemini') {
    return { path: fixture.path.replace(/\/models\/[^:]+:/, `/models/${model}:`), body: fixture.body };
  }
  return { path: fixture.path, body: { ...fixture.body, model } };
}

function warningsOf(header: string | null, id: string): ReportedWarning[] {
  const line = logs.find((entry) => entry.id === id);
  return [...(JSON.parse(header ?? '[]') as ReportedWarning[]), ...((line?.warnings ?? []) as ReportedWarning[])];
}

describe.each(FIXTURES)('$name ($fixture.source.client)', ({ name, fixture }) => {
  it.each(RESPONSES_BACKENDS)('arrives whole at the %s backend, or is named in a warning', async (backend) => {
    const id = `${name}-${backend}`.replace(/[^A-Za-z0-9-]/g, '-');
    const { path, body } = replay(fixture, RESPONSES_BACKEND_MODEL[backend]);
    const response = await fetch(`${url}${path}`, {
      method: fixture.method,
      headers: { ...fixture.headers, 'x-request-id': id },
      body: JSON.stringify(body),
    });
    const answer = await response.text();
    expect(response.status, answer.slice(0, 500)).toBe(200);
    expect(answer).toContain('sunny');
    const sent = serverOf(backend).requests.find((request) => request.headers['x-request-id'] === id);
    expect(sent, 'the backend call').toBeDefined();
    await vi.waitFor(() => expect(logs.some((entry) => entry.id === id)).toBe(true));
    const losses = requestLosses(
      { format: fixture.format, body: fixture.body, headers: fixture.headers },
      { format: BACKEND_FORMAT[backend], body: sent?.body, headers: sent?.headers ?? {} },
      warningsOf(response.headers.get('x-interlingua-warnings'), id),
    );
    expect(losses).toEqual([]);
  });
});
