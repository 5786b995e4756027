// Issue 32: a missing server command read `spawn … ENOENT`, and a server that never answers
// waited, then said `MCP error -32001: Request timed out` without naming the setting.
import { describe, expect, it } from 'vitest';
import { McpBridge } from './mcp-bridge';

describe('a server that cannot start (issue 32)', () => {
  it('a command that does not exist is named, with what to check', async () => {
    const error = await McpBridge.fromConfig({
      mcpServers: { ghost: { command: '/nonexistent-issue-32/server' } },
    }).catch((thrown: unknown) => thrown);
    const message = (error as Error).message;
    expect(message).toBe(
      'MCP server `ghost` failed to start: Its command `/nonexistent-issue-32/server` was not found: check `command` in the config (an absolute path, or a program on PATH).',
    );
    expect(message).not.toContain('ENOENT');
  });

  it('a server that never answers the handshake names connectTimeout and its value', async () => {
    const error = await McpBridge.fromConfig(
      { mcpServers: { mute: { command: process.execPath, args: ['-e', 'setTimeout(() => {}, 60_000)'] } } },
      { connectTimeout: 1_500 },
    ).catch((thrown: unknown) => thrown);
    const message = (error as Error).message;
    expect(message).toContain(
      'MCP server `mute` failed to start: Its process did not answer `initialize` within 1500 ms (the bridge',
    );
    expect(message).toContain('connectTimeout');
  }, 60_000);
});
