import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAgent } from '@interlingua/agent';
import { functionToolsOf } from '@interlingua/core';
import { McpBridge } from '@interlingua/mcp-bridge';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real npm servers are devDependencies of the bridge package: resolve their bins from there.
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
  root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-bridge-')));
  bridge = await McpBridge.fromConfig({
    mcpServers: {
      everything: stdio('@modelcontextprotocol/server-everything', ['stdio']),
      filesystem: { ...stdio('@modelcontextprotocol/server-filesystem', [root]), roots: [root] },
    },
  });
});

afterAll(async () => {
  await bridge?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the agent loop with MCP tools from the bridge', () => {
  it('runs everything__get-sum and filesystem__write_file and answers each call in one tool message', async () => {
    const target = join(root, 'sum.txt');
    const outside = join(tmpdir(), 'agent-bridge-outside.txt');
    const model = scriptedModel([
      toolCallResponse([
        { id: 'call_sum', name: 'everything__get-sum', args: { a: 2, b: 3 } },
        { id: 'call_write', name: 'filesystem__write_file', args: { path: target, content: '2 + 3 = 5' } },
        { id: 'call_outside', name: 'filesystem__read_text_file', args: { path: outside } },
      ]),
      textResponse('2 + 3 = 5, and I wrote it to sum.txt.'),
    ]);
    const result = await runAgent({
      model,
      tools: await bridge.tools(),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Add 2 and 3 and save the result.' }] }],
    });

    expect(result.finishReason).toBe('stop');
    expect(readFileSync(target, 'utf8')).toBe('2 + 3 = 5');
    // The model was offered the bridge's tools as plain IR tools.
    const offered = functionToolsOf(model.requests[0]?.tools);
    expect(offered.find((tool) => tool.name === 'everything__get-sum')?.inputSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });
    expect(offered.some((tool) => tool.name === 'filesystem__write_file')).toBe(true);

    const toolMessage = model.requests[1]?.messages.at(-1);
    expect(toolMessage?.role).toBe('tool');
    const results = toolMessage?.role === 'tool' ? toolMessage.content : [];
    expect(results.map((toolResult) => [toolResult.toolCallId, toolResult.toolName, toolResult.isError])).toEqual([
      ['call_sum', 'everything__get-sum', false],
      ['call_write', 'filesystem__write_file', false],
      ['call_outside', 'filesystem__read_text_file', true],
    ]);
    expect(JSON.stringify(results[0]?.content)).toContain('5');
    expect(JSON.stringify(results[2]?.content)).toMatch(/denied|outside|not allowed/i);
    expect(result.steps[0]?.toolOutcomes[2]?.error?.code).toBe('TOOL_EXECUTION_ERROR');
  });
});
