// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is mcp.json syntax, not a template.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childPids, stdioEntry } from '../__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';
import type { McpBridgeEvent, McpTraceFrame } from './mcp-bridge-event';
import { McpToolCallError } from './mcp-tool-call-error';

// One bridge over the three real npm servers (plus one that cannot start), shared by the file:
// spawning is the expensive part, and every test below only reads or writes inside its temp dir.
let bridge: McpBridge;
let root: string;
let outside: string;
const events: McpBridgeEvent[] = [];
const frames: McpTraceFrame[] = [];
const SECRET = 'sk-parent-secret-must-not-leak';

function wav(): Buffer {
  const samples = Buffer.alloc(800); // 0.1 s of 8-bit silence at 8 kHz
  samples.fill(128);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-bridge-fs-')));
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-bridge-outside-')));
  writeFileSync(join(root, 'hello.txt'), 'hello from the allowed folder');
  writeFileSync(join(root, 'beep.wav'), wav());
  writeFileSync(join(outside, 'secret.txt'), 'not for the model');
  bridge = await McpBridge.fromConfig(
    {
      mcpServers: {
        everything: stdioEntry('@modelcontextprotocol/server-everything', ['stdio'], {
          PASSED_ON_PURPOSE: '${env:BRIDGE_TEST_PASSED}',
        }),
        // Its roots are its folder: server-filesystem replaces the folders of its command line with them.
        filesystem: { ...stdioEntry('@modelcontextprotocol/server-filesystem', [root]), roots: [root] },
        memory: stdioEntry('@modelcontextprotocol/server-memory', [], { MEMORY_FILE_PATH: join(root, 'memory.jsonl') }),
        missing: { command: join(root, 'no-such-command') },
      },
    },
    {
      onServerError: 'skip',
      env: { BRIDGE_TEST_PASSED: 'yes' },
      onEvent: (event) => events.push(event),
      onTrace: (frame) => frames.push(frame),
    },
  );
  // A secret in the parent's environment, set after the config was read so only leaking could carry it.
  process.env.BRIDGE_TEST_SECRET = SECRET;
});

afterAll(async () => {
  delete process.env.BRIDGE_TEST_SECRET;
  await bridge?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('McpBridge over the real npm servers (stdio)', () => {
  it('discovers and namespaces every tool, and skips the task-only one with a warning', async () => {
    const names = (await bridge.tools()).map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'everything__echo',
        'everything__get-sum',
        'everything__get-tiny-image',
        'filesystem__read_text_file',
        'filesystem__read_media_file',
        'filesystem__write_file',
        'memory__create_entities',
        'memory__read_graph',
      ]),
    );
    expect(names).not.toContain('everything__simulate-research-query');
    expect(names.every((name) => /^[A-Za-z0-9_-]{1,64}$/.test(name))).toBe(true);
    expect(events).toContainEqual({
      type: 'warning',
      server: 'everything',
      warning: expect.objectContaining({ type: 'unsupported', feature: 'everything.simulate-research-query' }),
    });
  });

  it('records each handshake: protocol version, server info, capabilities, instructions', () => {
    const everything = bridge.servers.find((server) => server.name === 'everything');
    expect(everything).toMatchObject({
      state: 'connected',
      transport: 'stdio',
      protocolVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      serverInfo: { name: 'mcp-servers/everything' },
      capabilities: { tools: { listChanged: true } },
      instructions: expect.any(String),
    });
    const initialize = frames.find(
      (frame) =>
        frame.server === 'everything' &&
        frame.direction === 'send' &&
        'method' in frame.message &&
        frame.message.method === 'initialize',
    );
    // Only the capabilities the bridge serves: roots (the workspace folder), but no sampling and no
    // elicitation without their hooks. toEqual, not toMatchObject, which would match any superset.
    const params = initialize !== undefined && 'params' in initialize.message ? initialize.message.params : undefined;
    expect(params).toMatchObject({ capabilities: expect.any(Object) });
    expect((params as { capabilities?: unknown } | undefined)?.capabilities).toEqual({ roots: { listChanged: true } });
    const initializeResult = frames.find(
      (frame) => frame.server === 'everything' && frame.direction === 'receive' && 'result' in frame.message,
    );
    expect(initializeResult?.message).toMatchObject({ result: { protocolVersion: everything?.protocolVersion } });
    expect(frames.map((frame) => ('method' in frame.message ? frame.message.method : undefined))).toEqual(
      expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list']),
    );
  });

  it('skips a server whose command does not exist and keeps its error; the others work', async () => {
    const missing = bridge.servers.find((server) => server.name === 'missing');
    expect(missing?.state).toBe('failed');
    expect(missing?.error?.message).toMatch(/was not found: check `command`/);
    expect(events).toContainEqual(expect.objectContaining({ type: 'server-error', server: 'missing' }));
    const output = await bridge.callTool('memory__read_graph', {});
    expect(output.isError).toBeUndefined();
  });

  it('passes the config env but never the parent environment to a stdio child', async () => {
    const output = await bridge.callTool('everything__get-env', {});
    const text = output.content[0]?.type === 'text' ? output.content[0].text : '';
    const env = JSON.parse(text) as Record<string, string>;
    expect(env.PASSED_ON_PURPOSE).toBe('yes');
    expect(env.PATH).toBe(process.env.PATH);
    expect(text).not.toContain(SECRET);
    // Nothing of the parent's but the SDK's safe defaults.
    const parentOnly = Object.keys(env).filter((key) => key in process.env && key !== 'PASSED_ON_PURPOSE');
    expect(parentOnly.every((key) => ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'].includes(key))).toBe(true);
  });

  it('round-trips echo, and the tool is a core ExecutableTool', async () => {
    const echo = (await bridge.tools()).find((tool) => tool.name === 'everything__echo');
    expect(echo?.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } } });
    const output = await echo?.execute(
      { message: '北京今天晴' },
      { toolCallId: 'call_1', signal: new AbortController().signal, messages: [] },
    );
    expect(output).toEqual({ type: 'tool-output', content: [{ type: 'text', text: 'Echo: 北京今天晴' }] });
    const call = frames.findLast(
      (frame) => frame.direction === 'send' && 'method' in frame.message && frame.message.method === 'tools/call',
    );
    expect(call?.message).toMatchObject({ params: { name: 'echo', arguments: { message: '北京今天晴' } } });
  });

  it('turns get-tiny-image into an image part', async () => {
    const output = await bridge.callTool('everything__get-tiny-image', {});
    const image = output.content.find((part) => part.type === 'image');
    expect(image).toEqual({
      type: 'image',
      source: { type: 'base64', data: expect.stringMatching(/^iVBOR/) },
      mediaType: 'image/png',
    });
    expect(output.content.filter((part) => part.type === 'text').length).toBeGreaterThan(0);
  });

  it('turns read_media_file on a WAV into an audio file part, without repeating it as text', async () => {
    const output = await bridge.callTool('filesystem__read_media_file', { path: join(root, 'beep.wav') });
    expect(output.isError).toBeUndefined();
    expect(output.content).toEqual([
      { type: 'file', source: { type: 'base64', data: wav().toString('base64') }, mediaType: 'audio/wav' },
    ]);
  });

  it('turns an embedded text resource into text and a blob resource into a file part', async () => {
    const text = await bridge.callTool('everything__get-resource-reference', { resourceType: 'Text', resourceId: 2 });
    expect(text.content[1]).toEqual({
      type: 'text',
      text: expect.any(String),
      providerMetadata: { mcp: { uri: expect.stringContaining('2'), mimeType: 'text/plain', server: 'everything' } },
    });
    const blob = await bridge.callTool('everything__get-resource-reference', { resourceType: 'Blob', resourceId: 1 });
    expect(blob.content[1]).toMatchObject({ type: 'file', source: { type: 'base64' }, mediaType: expect.any(String) });
  });

  it('turns resource links into text lines with the URI and name', async () => {
    const output = await bridge.callTool('everything__get-resource-links', { count: 2 });
    const lines = output.content.slice(1).map((part) => (part.type === 'text' ? part.text : ''));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Resource link "Blob Resource 1": \S+:\/\/\S+/);
    expect(lines[1]).toMatch(/^Resource link "Text Resource 2": \S+ \(text\/plain\)/);
  });

  it('keeps structured content: the text block already carries it, so nothing is added', async () => {
    const output = await bridge.callTool('everything__get-structured-content', { location: 'New York' });
    expect(output.isError).toBeUndefined();
    expect(output.content).toHaveLength(1);
    expect(JSON.parse(output.content[0]?.type === 'text' ? output.content[0].text : '')).toMatchObject({
      temperature: expect.any(Number),
    });
  });

  it('answers an unknown tool name with an error result the host can tell from a tool failure', async () => {
    const output = await bridge.callTool('everything__no_such_tool', {});
    expect(output.isError).toBe(true);
    expect(McpToolCallError.isInstance(output.cause)).toBe(true);
    expect(output.cause).toMatchObject({ reason: 'no-such-tool' });
    expect(output.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('everything__echo') });
  });

  it('answers bad arguments with an error result carrying the server text', async () => {
    const output = await bridge.callTool('everything__get-sum', { a: 'one', b: 2 }, { toolCallId: 'call_bad' });
    expect(output.isError).toBe(true);
    expect(output.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/a|number|Invalid/) });
    const notObject = await bridge.callTool('everything__get-sum', [1, 2]);
    expect(notObject).toMatchObject({ isError: true, cause: { reason: 'invalid-arguments' } });
  });

  it('answers a read outside the allowed folder with an error result (isError from the tool)', async () => {
    const before = events.length;
    const output = await bridge.callTool(
      'filesystem__read_text_file',
      { path: join(outside, 'secret.txt') },
      { toolCallId: 'call_outside' },
    );
    expect(output.isError).toBe(true);
    expect(output.cause).toBeUndefined();
    expect(JSON.stringify(output.content)).toMatch(/denied|outside|not allowed/i);
    expect(JSON.stringify(output.content)).not.toContain('not for the model');
    expect(events.slice(before)).toContainEqual(
      expect.objectContaining({
        type: 'tool-error',
        server: 'filesystem',
        tool: 'read_text_file',
        toolCallId: 'call_outside',
      }),
    );
  });

  it('reads the allowed folder and writes through memory', async () => {
    const read = await bridge.callTool('filesystem__read_text_file', { path: join(root, 'hello.txt') });
    // Its structuredContent `{ content: text }` only mirrors the text, so it is not repeated.
    expect(read.content).toEqual([{ type: 'text', text: 'hello from the allowed folder' }]);
    const created = await bridge.callTool('memory__create_entities', {
      entities: [{ name: 'Beijing', entityType: 'city', observations: ['sunny, 25°C'] }],
    });
    expect(created.isError).toBeUndefined();
    const graph = await bridge.callTool('memory__read_graph', {});
    expect(JSON.stringify(graph.content)).toContain('Beijing');
  });

  it('forwards progress notifications as events', async () => {
    const before = events.length;
    const output = await bridge.callTool(
      'everything__trigger-long-running-operation',
      { duration: 0.2, steps: 2 },
      { toolCallId: 'call_progress' },
    );
    expect(output.isError).toBeUndefined();
    const progress = events.slice(before).filter((event) => event.type === 'progress');
    expect(progress).toEqual([
      expect.objectContaining({
        server: 'everything',
        tool: 'trigger-long-running-operation',
        toolCallId: 'call_progress',
        progress: 1,
        total: 2,
      }),
      expect.objectContaining({ progress: 2, total: 2 }),
    ]);
  });

  it('lists (every page), reads resources and gets prompts per server', async () => {
    const everything = bridge.server('everything');
    const resources = await everything.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const first = resources[0];
    const read = await everything.readResource(first?.uri ?? '');
    expect(read.contents[0]?.uri).toBe(first?.uri);
    const prompts = await everything.listPrompts();
    const simple = prompts.find((prompt) => (prompt.arguments ?? []).length === 0);
    const prompt = await everything.getPrompt(simple?.name ?? '');
    expect(prompt.messages.length).toBeGreaterThan(0);
    expect(() => bridge.server('nope')).toThrow(/Expected the name of a configured MCP server/);
    await expect(bridge.server('missing').listPrompts()).rejects.toThrow(/to be connected, but it is failed/);
  });
});

describe('McpBridge.close', () => {
  it('ends every child process', async () => {
    const pids = bridge.servers.map((server) => server.pid).filter((pid) => pid !== undefined);
    expect(pids).toHaveLength(3);
    expect(childPids()).toEqual(expect.arrayContaining(pids));
    await bridge.close();
    expect(childPids().filter((pid) => pids.includes(pid))).toEqual([]);
    expect(bridge.servers.every((server) => server.state === 'closed' || server.state === 'failed')).toBe(true);
  });
});
