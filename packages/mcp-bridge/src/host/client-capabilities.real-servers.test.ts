import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scriptedModel, textResponse } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stdioEntry } from '../__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';
import type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';
import type { McpElicitationAnswer, McpElicitationRequest, McpSamplingRequest } from './mcp-host-hooks';

// One bridge over server-everything and our host-features server, with every client capability
// on: roots (the default), sampling through a scripted model, elicitation through a scripted user.
const hostFeatures = fileURLToPath(new URL('../__fixtures__/servers/host-features-server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
let bridge: McpBridge;
let workspace: string;
const events: McpBridgeEvent[] = [];
const frames: McpTraceFrame[] = [];
const approvals: McpSamplingRequest[] = [];
let approve = true;
const answers: McpElicitationAnswer[] = [];
const asked: McpElicitationRequest[] = [];
const claude = scriptedModel(
  [
    (request) => textResponse(`claude saw: ${JSON.stringify(request.messages[0]?.content)}`),
    textResponse('claude again'),
  ],
  { provider: 'anthropic', modelId: 'claude-sonnet-4-6', capabilities: { imageInput: true } },
);
const mini = scriptedModel([textResponse('mini answered'), textResponse('mini again')], {
  provider: 'openai',
  modelId: 'gpt-4.1-mini',
  capabilities: { imageInput: false },
});

function text(output: { content: { type: string }[] }): string {
  return output.content.map((part) => ('text' in part ? part.text : `[${part.type}]`)).join('\n');
}

beforeAll(async () => {
  workspace = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-bridge-roots-')));
  bridge = await McpBridge.fromConfig(
    {
      mcpServers: {
        everything: stdioEntry('@modelcontextprotocol/server-everything', ['stdio']),
        host: { command: process.execPath, args: ['--import', 'tsx', hostFeatures], cwd: repoRoot },
      },
    },
    {
      workspaceFolder: workspace,
      sampling: {
        models: [claude, mini],
        approve: (request) => {
          approvals.push(request);
          return approve;
        },
      },
      elicitation: (request) => {
        asked.push(request);
        return answers.shift() ?? { action: 'cancel' };
      },
      logLevel: 'warning',
      onEvent: (event) => events.push(event),
      onTrace: (frame) => frames.push(frame),
    },
  );
});

afterAll(async () => {
  await bridge?.close();
  rmSync(workspace, { recursive: true, force: true });
});

describe('client capabilities against server-everything and a fixture server', () => {
  it('declares roots, sampling and elicitation, so server-everything offers the tools that need them', async () => {
    const initialize = frames.find(
      (frame) => frame.server === 'everything' && 'method' in frame.message && frame.message.method === 'initialize',
    );
    const params = initialize !== undefined && 'params' in initialize.message ? initialize.message.params : undefined;
    expect(params?.capabilities).toEqual({ roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } });
    const names = (await bridge.tools()).map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'everything__get-roots-list',
        'everything__trigger-sampling-request',
        'everything__trigger-elicitation-request',
      ]),
    );
  });

  it('offers the workspace folder as the root, and new roots after list_changed', async () => {
    const first = await bridge.callTool('everything__get-roots-list', {});
    expect(text(first)).toContain(`URI: ${pathToFileURL(workspace).href}`);
    const other = join(workspace, 'src');
    await bridge.setRoots('everything', [other, 'file:///srv/data']);
    expect(frames).toContainEqual({
      server: 'everything',
      direction: 'send',
      message: { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
    });
    const listed = await bridge.callTool('host__list-roots', {});
    expect(JSON.parse(text(listed))).toEqual([
      { uri: pathToFileURL(workspace).href, name: workspace.split('/').at(-1) },
    ]);
    // The server asks for the new roots when the notification arrives, on its own time: on a busy
    // machine the next call can overtake that round trip, so wait until the server has seen them.
    await vi.waitFor(
      async () => {
        const after = await bridge.callTool('everything__get-roots-list', {});
        expect(text(after)).toContain(`URI: ${pathToFileURL(other).href}`);
        expect(text(after)).toContain('URI: file:///srv/data');
        expect(text(after)).not.toContain(`URI: ${pathToFileURL(workspace).href}\n`);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it("answers server-everything's sampling request with a ChatModel, after approval", async () => {
    const output = await bridge.callTool('everything__trigger-sampling-request', {
      prompt: 'name a colour',
      maxTokens: 42,
    });
    expect(output.isError).toBeUndefined();
    // The model got the server's system prompt, message, maxTokens and temperature in IR.
    expect(claude.requests[0]).toEqual({
      system: 'You are a helpful test server.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Resource trigger-sampling-request context: name a colour' }] },
      ],
      maxOutputTokens: 42,
      temperature: 0.7,
    });
    expect(approvals.at(-1)).toMatchObject({ server: 'everything', model: claude, params: { maxTokens: 42 } });
    // server-everything returns the sampling result it got, as JSON.
    const reply = JSON.parse(text(output).replace(/^LLM sampling result: \n/, ''));
    expect(reply).toEqual({
      role: 'assistant',
      content: { type: 'text', text: expect.stringContaining('claude saw:') },
      model: 'anthropic:claude-sonnet-4-6',
      stopReason: 'endTurn',
    });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'sampling',
        server: 'everything',
        outcome: 'answered',
        model: 'anthropic:claude-sonnet-4-6',
      }),
    );
  });

  it('refuses sampling when the host does not approve; the model is never called', async () => {
    approve = false;
    const calls = claude.calls.length + mini.calls.length;
    const output = await bridge.callTool('everything__trigger-sampling-request', { prompt: 'spend my tokens' });
    approve = true;
    expect(output.isError).toBe(true);
    expect(text(output)).toContain('User rejected sampling request');
    expect(claude.calls.length + mini.calls.length).toBe(calls);
    expect(events).toContainEqual(expect.objectContaining({ type: 'sampling', outcome: 'refused' }));
  });

  it('follows modelPreferences hints, and passes over a model that cannot see an image', async () => {
    const hinted = await bridge.callTool('host__ask-model', { prompt: 'hi', hints: ['gpt-4.1'] });
    expect(JSON.parse(text(hinted))).toMatchObject({
      model: 'openai:gpt-4.1-mini',
      content: { text: 'mini answered' },
    });
    expect(mini.requests[0]).toMatchObject({ system: 'Answer in one word.', maxOutputTokens: 64 });
    const image = await bridge.callTool('host__ask-model', {
      prompt: 'what is it',
      hints: ['gpt-4.1'],
      withImage: true,
    });
    expect(JSON.parse(text(image))).toMatchObject({
      model: 'anthropic:claude-sonnet-4-6',
      content: { text: 'claude again' },
    });
    expect(claude.requests[1]?.messages[1]).toEqual({
      role: 'user',
      content: [{ type: 'image', source: { type: 'base64', data: expect.any(String) }, mediaType: 'image/png' }],
    });
  });

  it("answers server-everything's elicitation form: accept, decline, cancel", async () => {
    answers.push(
      { action: 'accept', content: { name: 'Ada Lovelace', check: true, integer: 7 } },
      { action: 'decline' },
      { action: 'cancel' },
    );
    const accepted = await bridge.callTool('everything__trigger-elicitation-request', {});
    expect(asked[0]).toMatchObject({
      server: 'everything',
      message: 'Please provide inputs for the following fields:',
      requestedSchema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    });
    expect(text(accepted)).toContain('- Name: Ada Lovelace');
    expect(text(accepted)).toContain('- Favorite Integer: 7');
    expect(text(await bridge.callTool('everything__trigger-elicitation-request', {}))).toContain('User declined');
    expect(text(await bridge.callTool('everything__trigger-elicitation-request', {}))).toContain('User cancelled');
    expect(events.filter((event) => event.type === 'elicitation').map((event) => event.action)).toEqual([
      'accept',
      'decline',
      'cancel',
    ]);
  });

  it('refuses an accepted answer that does not fit the form instead of sending it', async () => {
    answers.push({ action: 'accept', content: { name: 'Ada', integer: 1000 } });
    const output = await bridge.callTool('everything__trigger-elicitation-request', {});
    expect(output.isError).toBe(true);
    expect(text(output)).toContain('`integer` must be at most 100');
    expect(events.at(-2)).toEqual({ type: 'elicitation', server: 'everything', action: 'invalid' });
  });

  it('sends logging/setLevel, and surfaces notifications/message at that level and above as log events', async () => {
    expect(frames).toContainEqual(
      expect.objectContaining({
        server: 'host',
        direction: 'send',
        message: expect.objectContaining({ method: 'logging/setLevel', params: { level: 'warning' } }),
      }),
    );
    await bridge.callTool('host__log-every-level', {});
    const logged = () => events.filter((event) => event.type === 'log' && event.server === 'host');
    expect(logged().map((event) => (event.type === 'log' ? event.level : ''))).toEqual([
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
    ]);
    expect(logged()[0]).toEqual({
      type: 'log',
      server: 'host',
      level: 'warning',
      logger: 'fixture',
      data: 'at warning',
    });
    await bridge.setLogLevel('debug');
    const before = logged().length;
    await bridge.callTool('host__log-every-level', {});
    expect(logged().length - before).toBe(8);
  });

  it('reads the resource behind a resource_link through the bridge, and lists resource templates', async () => {
    const output = await bridge.callTool('everything__get-resource-links', { count: 2 });
    const links = output.content.filter((part) => part.providerMetadata?.mcp !== undefined);
    expect(links).toHaveLength(2);
    expect(links[0]?.providerMetadata?.mcp).toMatchObject({ server: 'everything', uri: expect.any(String) });
    const contents = await bridge.readResourceLink(links[1] as (typeof links)[number]);
    expect(contents[0]).toMatchObject({
      type: 'text',
      providerMetadata: { mcp: { uri: links[1]?.providerMetadata?.mcp?.uri } },
    });
    const templates = await bridge.server('everything').listResourceTemplates();
    expect(templates.map((template) => template.uriTemplate)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\{/)]),
    );
  });
});
