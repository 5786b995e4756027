import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { binOf, stdioEntry } from '../__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';
import type { McpBridgeEvent } from './mcp-bridge-event';

const events: McpBridgeEvent[] = [];
const methods: string[] = [];
let bridge: McpBridge | undefined;
afterAll(() => bridge?.close());

describe('McpBridge when a stdio server dies', () => {
  it('fails the call in flight fast with an error result, then restarts the server and re-lists it', async () => {
    bridge = await McpBridge.fromConfig(
      { mcpServers: { everything: stdioEntry('@modelcontextprotocol/server-everything', ['stdio']) } },
      {
        onEvent: (event) => events.push(event),
        onTrace: (frame) =>
          'method' in frame.message && frame.direction === 'send' && methods.push(frame.message.method),
        restart: { initialDelayMs: 50 },
      },
    );
    const pid = bridge.servers[0]?.pid as number;
    // A 30-second operation, so only the kill can end it within the test.
    const inFlight = bridge.callTool(
      'everything__trigger-long-running-operation',
      { duration: 30, steps: 30 },
      { toolCallId: 'call_long', timeout: 60_000 },
    );
    await expect.poll(() => events.some((event) => event.type === 'progress' || event.type === 'stderr')).toBe(true);
    process.kill(pid, 'SIGKILL');
    const output = await inFlight;
    expect(output).toMatchObject({
      isError: true,
      cause: { reason: 'connection-closed', server: 'everything', tool: 'trigger-long-running-operation' },
    });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'call-error',
        toolCallId: 'call_long',
        error: expect.objectContaining({ reason: 'connection-closed' }),
      }),
    );

    // A call made while the server restarts waits for it and succeeds.
    const echo = await bridge.callTool('everything__echo', { message: 'back' });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: back' }]);
    const status = bridge.servers[0];
    expect(status).toMatchObject({ state: 'connected', restarts: 1 });
    expect(status?.pid).not.toBe(pid);
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['server-disconnected', 'server-restarting', 'server-connected', 'server-restarted']),
    );
    expect((await bridge.tools()).map((tool) => tool.name)).toContain('everything__echo');
    // Probed once: the restart knows the server is a legacy one and goes straight to initialize.
    expect(methods.filter((method) => method === 'server/discover' || method === 'initialize')).toEqual([
      'server/discover',
      'initialize',
      'initialize',
    ]);
    expect(status?.era).toBe('legacy');
  });

  it('with restarts off, marks the server failed, withdraws its tools and answers calls with server-unavailable', async () => {
    const failing: McpBridgeEvent[] = [];
    const local = await McpBridge.fromConfig(
      { mcpServers: { everything: stdioEntry('@modelcontextprotocol/server-everything', ['stdio']) } },
      { onEvent: (event) => failing.push(event), restart: false },
    );
    try {
      process.kill(local.servers[0]?.pid as number, 'SIGKILL');
      await expect.poll(() => local.servers[0]?.state).toBe('failed');
      const output = await local.callTool('everything__echo', { message: 'x' });
      expect(output).toMatchObject({
        isError: true,
        content: [
          {
            type: 'text',
            text: expect.stringMatching(
              /^Tool `echo` could not be called: MCP server `everything` is not available \(MCP server `everything` closed its connection\./,
            ),
          },
        ],
        cause: { reason: 'server-unavailable' },
      });
      expect(await local.tools()).toEqual([]);
      expect(failing).toContainEqual(expect.objectContaining({ type: 'server-error', server: 'everything' }));
    } finally {
      await local.close();
    }
  });

  it('bounds the restart attempts: a server that cannot come back ends up failed with its error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-bridge-restart-'));
    const marker = join(dir, 'started-once');
    // Starts server-everything the first time only; every later start exits at once.
    const script = `const fs = require('node:fs'); if (fs.existsSync(${JSON.stringify(marker)})) process.exit(3); fs.writeFileSync(${JSON.stringify(marker)}, ''); import(${JSON.stringify(pathToFileURL(binOf('@modelcontextprotocol/server-everything')).href)});`;
    const failing: McpBridgeEvent[] = [];
    const local = await McpBridge.fromConfig(
      { mcpServers: { once: { command: process.execPath, args: ['-e', script] } } },
      { onEvent: (event) => failing.push(event), restart: { maxAttempts: 2, initialDelayMs: 10 } },
    );
    try {
      process.kill(local.servers[0]?.pid as number, 'SIGKILL');
      await expect.poll(() => local.servers[0]?.state).toBe('failed');
      expect(failing.filter((event) => event.type === 'server-restarting')).toEqual([
        { type: 'server-restarting', server: 'once', attempt: 1, delayMs: 10 },
        { type: 'server-restarting', server: 'once', attempt: 2, delayMs: 20 },
      ]);
      expect(local.servers[0]?.error?.message).toMatch(
        /^MCP server `once` did not come back after 2 restart attempts\./,
      );
      expect(local.servers[0]?.error?.cause).toBeInstanceOf(Error);
    } finally {
      await local.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
