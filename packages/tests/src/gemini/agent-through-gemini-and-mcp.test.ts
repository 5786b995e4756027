import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAgent } from '@interlingua/agent';
import { createGemini } from '@interlingua/gemini';
import { McpBridge } from '@interlingua/mcp-bridge';
import { json, type ProviderServer, startProviderServer } from '@interlingua/testkit';
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

type SentBody = {
  contents: { role: string; parts: Record<string, unknown>[] }[];
  tools: { functionDeclarations: { name: string; parameters?: Record<string, unknown> }[] }[];
};

let root: string;
let bridge: McpBridge;
let server: ProviderServer;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'gemini-mcp-')));
  bridge = await McpBridge.fromConfig({
    mcpServers: { filesystem: { ...stdio('@modelcontextprotocol/server-filesystem', [root]), roots: [root] } },
  });
});

afterAll(async () => {
  await server?.close();
  await bridge?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the agent loop on Gemini with real MCP tools', () => {
  it('declares the lowered MCP schemas, answers id-less parallel calls by name in call order, and finishes', async () => {
    const target = join(root, 'note.txt');
    // Gemini 2.x style: parallel calls without ids, then a text answer (shapes as in the adapter's fixtures).
    const calls = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { functionCall: { name: 'filesystem__list_allowed_directories' } },
              { functionCall: { name: 'filesystem__write_file', args: { path: target, content: 'hello' } } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 900, candidatesTokenCount: 30, totalTokenCount: 930 },
      modelVersion: 'gemini-2.0-flash',
    };
    const answer = {
      candidates: [
        { content: { role: 'model', parts: [{ text: 'Saved note.txt.' }] }, finishReason: 'STOP', index: 0 },
      ],
      usageMetadata: { promptTokenCount: 1000, candidatesTokenCount: 5, totalTokenCount: 1005 },
      modelVersion: 'gemini-2.0-flash',
    };
    server = await startProviderServer({
      routes: [
        { method: 'POST', path: '/v1beta/models/gemini-2.0-flash:generateContent', reply: [json(calls), json(answer)] },
      ],
    });
    const model = createGemini({ baseUrl: server.url, apiKey: 'test-key', maxRetries: 0 })('gemini-2.0-flash');

    const result = await runAgent({
      model,
      tools: await bridge.tools(),
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Write hello to note.txt in the allowed directory.' }] },
      ],
    });

    expect(result.finishReason).toBe('stop');
    expect(result.text).toBe('Saved note.txt.');
    expect(readFileSync(target, 'utf8')).toBe('hello');

    const first = server.requests[0]?.body as SentBody;
    const declarations = first.tools[0]?.functionDeclarations ?? [];
    expect(declarations.map((declaration) => declaration.name)).toContain('filesystem__write_file');
    const text = JSON.stringify(declarations);
    for (const keyword of ['"$schema"', '"additionalProperties"', '"default"']) expect(text).not.toContain(keyword);
    const noArgs = declarations.find((declaration) => declaration.name === 'filesystem__list_allowed_directories');
    expect(noArgs).toBeDefined();
    expect(noArgs).not.toHaveProperty('parameters');

    const second = server.requests[1]?.body as SentBody;
    // Replayed as received (a call that came without `args` goes back with `args: {}`), without ids.
    expect(second.contents.at(-2)).toEqual({
      role: 'model',
      parts: [
        { functionCall: { name: 'filesystem__list_allowed_directories', args: {} } },
        { functionCall: { name: 'filesystem__write_file', args: { path: target, content: 'hello' } } },
      ],
    });
    const results = second.contents.at(-1);
    expect(results?.role).toBe('user');
    expect(results?.parts.map((part) => (part.functionResponse as { name: string }).name)).toEqual([
      'filesystem__list_allowed_directories',
      'filesystem__write_file',
    ]);
    expect(results?.parts.every((part) => !('id' in (part.functionResponse as object)))).toBe(true);
    const listed = (results?.parts[0]?.functionResponse as { response: { output: string } } | undefined)?.response
      .output;
    expect(listed).toContain(root);
  });
});
