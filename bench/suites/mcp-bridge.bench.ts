import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpBridge } from '@interlingua/mcp-bridge';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type Comparison, compare, report } from '../harness';

// server-everything is a devDependency of the bridge package: resolve its bin from there, run it with this Node.
const bridgeRequire = createRequire(fileURLToPath(new URL('../../packages/mcp-bridge/package.json', import.meta.url)));
const manifestPath = bridgeRequire.resolve('@modelcontextprotocol/server-everything/package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
const everything = {
  command: process.execPath,
  args: [join(dirname(manifestPath), Object.values(manifest.bin)[0] ?? ''), 'stdio'],
};

const CONCURRENT = 10;

export async function run(): Promise<void> {
  // Two processes of the same server: one behind a bare SDK client, one behind the bridge.
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ ...everything, stderr: 'ignore' }));
  await client.listTools();
  const bridge = await McpBridge.fromConfig({ mcpServers: { everything } });
  const [echo] = (await bridge.tools()).filter((tool) => tool.name === 'everything__echo');
  if (echo === undefined) throw new Error('everything__echo not found');
  const context = { toolCallId: 'bench', signal: new AbortController().signal, messages: [] };

  const bare = () => client.callTool({ name: 'echo', arguments: { message: 'hi' } });
  const bridged = () => echo.execute({ message: 'hi' }, context);
  const comparisons: Comparison[] = [
    {
      name: 'bridge execute(everything__echo) vs bare Client.callTool(echo), sequential',
      baseline: bare,
      subject: bridged,
      goal: 1.1,
    },
    {
      name: `same, ${CONCURRENT} concurrent calls`,
      baseline: () => Promise.all(Array.from({ length: CONCURRENT }, bare)),
      subject: () => Promise.all(Array.from({ length: CONCURRENT }, bridged)),
      goal: 1.1,
    },
  ];
  try {
    report('mcp-bridge (server-everything over stdio)', await compare(comparisons, { time: 1500 }));
  } finally {
    await Promise.all([client.close(), bridge.close()]);
  }
}
