// Lists and calls the tools of three real MCP servers through the bridge, offline.
// Run: npx tsx examples/mcp-bridge/main.ts [--trace]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolOutput } from '@interlingua/core';
import { McpBridge } from '@interlingua/mcp-bridge';

const trace = process.argv.includes('--trace');
// The servers are installed as devDependencies of the bridge package; mcp.json finds them through ${env:MCP_SERVERS}.
const servers = fileURLToPath(new URL('../../packages/mcp-bridge/node_modules/@modelcontextprotocol', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'mcp-bridge-example-'));

function show(output: ToolOutput): string {
  return output.content
    .map((part) => (part.type === 'text' ? part.text : `[${part.type} ${part.mediaType ?? ''}]`))
    .join(' | ');
}

const bridge = await McpBridge.fromConfig(fileURLToPath(new URL('./mcp.json', import.meta.url)), {
  env: { ...process.env, MCP_SERVERS: servers, EXAMPLE_DIR: workDir },
  onServerError: 'skip',
  onEvent: (event) => {
    if (event.type === 'warning') console.log(`  ! ${event.warning.message}`);
  },
  ...(trace
    ? {
        onTrace: (frame) =>
          console.log(
            `  ${frame.server} ${frame.direction === 'send' ? '→' : '←'} ${JSON.stringify(frame.message).slice(0, 160)}`,
          ),
      }
    : {}),
});

try {
  for (const server of bridge.servers) {
    console.log(
      `${server.name}: ${server.state}, protocol ${server.protocolVersion}, ${server.toolCount} tools${server.error ? ` (${server.error.message})` : ''}`,
    );
  }
  const tools = await bridge.tools();
  console.log(`\n${tools.length} tools: ${tools.map((tool) => tool.name).join(', ')}\n`);

  const file = join(workDir, 'weather.txt');
  const calls: [string, Record<string, unknown>][] = [
    ['everything__echo', { message: '北京今天晴，25°C' }],
    ['everything__get-sum', { a: 2, b: 3 }],
    ['everything__get-tiny-image', {}],
    ['filesystem__write_file', { path: file, content: 'Beijing: sunny, 25°C' }],
    ['filesystem__read_text_file', { path: file }],
    ['filesystem__read_text_file', { path: '/etc/passwd' }],
    ['memory__create_entities', { entities: [{ name: 'Beijing', entityType: 'city', observations: ['sunny'] }] }],
    ['memory__search_nodes', { query: 'Beijing' }],
  ];
  for (const [name, args] of calls) {
    const output = await bridge.callTool(name, args);
    console.log(`${output.isError ? '✗' : '✓'} ${name}(${JSON.stringify(args)})\n    ${show(output).slice(0, 200)}`);
  }
} finally {
  await bridge.close();
  rmSync(workDir, { recursive: true, force: true });
}
