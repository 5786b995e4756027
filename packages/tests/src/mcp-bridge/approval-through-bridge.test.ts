import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAgent, userMessage } from '@interlingua/agent';
import { functionToolsOf, InvalidSettingError } from '@interlingua/core';
import { McpBridge } from '@interlingua/mcp-bridge';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// mcp.json's `approval` and `deferLoading` (issue 31) on the real filesystem server over stdio.
const bridgeRequire = createRequire(fileURLToPath(new URL('../../../mcp-bridge/package.json', import.meta.url)));
function stdio(packageName: string, args: string[]) {
  const manifestPath = bridgeRequire.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
  return {
    command: process.execPath,
    args: [join(dirname(manifestPath), Object.values(manifest.bin)[0] ?? ''), ...args],
  };
}

let root: string;
let bridge: McpBridge;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'approval-bridge-')));
  bridge = await McpBridge.fromConfig({
    mcpServers: {
      filesystem: {
        ...stdio('@modelcontextprotocol/server-filesystem', [root]),
        roots: [root],
        approval: { write_file: 'always', '*': 'never' },
        deferLoading: ['directory_tree'],
      },
    },
  });
});

afterAll(async () => {
  await bridge?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('approval and deferred loading set in mcp.json', () => {
  it('marks the configured tools, and only those', async () => {
    const tools = await bridge.tools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('filesystem__write_file')?.needsApproval).toBe(true);
    expect(byName.get('filesystem__list_directory')?.needsApproval).toBeUndefined();
    expect(byName.get('filesystem__directory_tree')?.deferLoading).toBe(true);
    expect(tools.filter((tool) => tool.deferLoading === true).map((tool) => tool.name)).toEqual([
      'filesystem__directory_tree',
    ]);
  });

  it('holds the write until it is approved, then writes through the server', async () => {
    const target = join(root, 'note.txt');
    const model = scriptedModel([
      toolCallResponse([
        { id: 'call_write', name: 'filesystem__write_file', args: { path: target, content: 'hello' } },
        { id: 'call_list', name: 'filesystem__list_directory', args: { path: root } },
      ]),
      textResponse('Written.'),
    ]);
    const tools = await bridge.tools();
    const stopped = await runAgent({ model, tools, messages: [userMessage('write hello to note.txt')] });
    expect(stopped.finishReason).toBe('approval-requested');
    expect(existsSync(target)).toBe(false);
    // The call that needs no approval ran against the server.
    expect(stopped.steps[0]?.toolOutcomes[1]?.result.isError).toBe(false);

    const resumed = await runAgent({
      model,
      tools,
      history: stopped.messages,
      approvals: [{ approvalId: 'call_write', approved: true }],
    });
    expect(resumed.text).toBe('Written.');
    expect(readFileSync(target, 'utf8')).toBe('hello');
  });

  it('offers a deferred server tool only once the local search found it', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'call_search', name: 'search_tools', args: { query: 'directory tree' } }]),
      toolCallResponse([{ id: 'call_tree', name: 'filesystem__directory_tree', args: { path: root } }]),
      textResponse('Here is the tree.'),
    ]);
    const result = await runAgent({ model, tools: await bridge.tools(), messages: [userMessage('show the tree')] });
    const offered = (index: number) => functionToolsOf(model.requests[index]?.tools).map((tool) => tool.name);
    expect(offered(0)).not.toContain('filesystem__directory_tree');
    expect(offered(0)).toContain('search_tools');
    expect(offered(1)).toContain('filesystem__directory_tree');
    // The found tool ran on the server.
    expect(result.steps[1]?.toolOutcomes[0]?.result.isError).toBe(false);
    expect(result.text).toBe('Here is the tree.');
  });

  it('rejects a bad approval value with the server and the field', async () => {
    await expect(McpBridge.fromConfig({ mcpServers: { fs: { command: 'x', approval: 'sometimes' } } })).rejects.toThrow(
      InvalidSettingError,
    );
    await expect(
      McpBridge.fromConfig({ mcpServers: { fs: { command: 'x', approval: { write_file: true } } } }),
    ).rejects.toThrow(/`approval.write_file`: expected "always" or "never", got boolean true/);
    await expect(McpBridge.fromConfig({ mcpServers: { fs: { command: 'x', deferLoading: 'yes' } } })).rejects.toThrow(
      /`deferLoading`: expected true, false or an array of tool names/,
    );
  });
});
