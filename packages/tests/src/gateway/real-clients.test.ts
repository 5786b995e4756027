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

/**
 * What is lost today, per `<fixture> → <backend>`, with the finding of issue 28 that owns it. The
 * test asserts these losses exactly: one more is a regression, one fewer (a fix landing) fails
 * too, so the entry is removed with the fix.
 */
const CODEX_NAMESPACE = ['close_agent', 'resume_agent', 'send_input', 'spawn_agent', 'wait_agent'].map(
  (name) => `tool multi_agent_v1.${name}`,
);
// Finding 3: the Responses decoder keeps Codex's `namespace` (and `web_search`) tools in
// `providerOptions.openai.tools`, which overwrites the Chat body's `tools` (no function tool
// reaches the backend), and which Anthropic and Gemini drop as hosted tools (client-run functions).
const CODEX_ON_CHAT = [
  ...['tool exec_command', 'tool write_stdin', 'tool request_user_input', 'tool view_image'],
  ...CODEX_NAMESPACE,
  ...['tool get_goal', 'tool create_goal', 'tool update_goal'],
];
// Finding 8: Anthropic in, Anthropic backend — system blocks merged, a `cache_control` breakpoint
// lost, `anthropic-beta` not forwarded.
const CLAUDE_CODE_BETAS =
  'header anthropic-beta: claude-code-20250219, interleaved-thinking-2025-05-14, thinking-token-count-2026-05-13, context-management-2025-06-27, prompt-caching-scope-2026-01-05';
const CLAUDE_CODE_ON_ANTHROPIC = [
  'system blocks: 3 sent (2 cached), 1 arrived (1 cached)',
  'cache_control: 3 breakpoints sent, 2 arrived',
  CLAUDE_CODE_BETAS,
];
const KNOWN_LOSSES: Record<string, string[]> = {
  'codex-exec-command.1 → openai': CODEX_ON_CHAT,
  'codex-exec-command.2 → openai': CODEX_ON_CHAT,
  'codex-exec-command.1 → anthropic': CODEX_NAMESPACE,
  'codex-exec-command.2 → anthropic': CODEX_NAMESPACE,
  'codex-exec-command.1 → gemini': CODEX_NAMESPACE,
  'codex-exec-command.2 → gemini': CODEX_NAMESPACE,
  'claude-code-read.1 → anthropic': CLAUDE_CODE_ON_ANTHROPIC,
  'claude-code-read.2 → anthropic': CLAUDE_CODE_ON_ANTHROPIC,
  'ai-sdk-anthropic-weather.1 → anthropic': ['header anthropic-beta: structured-outputs-2025-11-13'],
  'ai-sdk-anthropic-weather.2 → anthropic': ['header anthropic-beta: structured-outputs-2025-11-13'],
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
    expect(losses).toEqual(KNOWN_LOSSES[`${name} → ${backend}`] ?? []);
  });
});
