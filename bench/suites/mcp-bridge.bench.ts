import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { McpBridge } from '@interlingua/mcp-bridge';
import { measurePaired, type PairedCell } from '../method/measure-paired';
import { reportPaired } from '../method/report-paired';

// server-everything and the SDK are the bridge package's dependencies, not the root's: load them
// from there (the SDK typed by the little the baseline uses), and run the server with this Node.
const bridgeRequire = createRequire(fileURLToPath(new URL('../../packages/mcp-bridge/package.json', import.meta.url)));
const manifestPath = bridgeRequire.resolve('@modelcontextprotocol/server-everything/package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: Record<string, string> };
const everythingBin = join(dirname(manifestPath), Object.values(manifest.bin)[0] ?? '');

type BareClient = {
  connect(transport: unknown): Promise<void>;
  listTools(): Promise<unknown>;
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    resultSchema?: undefined,
    options?: { signal: AbortSignal },
  ): Promise<unknown>;
  close(): Promise<void>;
};
type SdkClientModule = { Client: new (info: { name: string; version: string }) => BareClient };
type SdkStdioModule = {
  StdioClientTransport: new (params: { command: string; args: string[]; stderr: 'ignore' }) => unknown;
};
type SdkHttpModule = { StreamableHTTPClientTransport: new (url: URL) => unknown };

async function loadSdk(path: string): Promise<unknown> {
  return import(pathToFileURL(bridgeRequire.resolve(`@modelcontextprotocol/sdk/${path}`)).href);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()));
    });
  });
}

async function startHttpEverything(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [everythingBin, 'streamableHttp'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve) =>
    child.stderr?.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve()),
  );
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

const CONCURRENT = 10;

export async function run(): Promise<void> {
  const { Client } = (await loadSdk('client/index.js')) as SdkClientModule;
  const { StdioClientTransport } = (await loadSdk('client/stdio.js')) as SdkStdioModule;
  const { StreamableHTTPClientTransport } = (await loadSdk('client/streamableHttp.js')) as SdkHttpModule;
  const http = await startHttpEverything();

  // stdio: two processes of the same server, one behind a bare SDK client, one behind the bridge.
  // HTTP: one server process, one session each — the fairest pairing the transports allow.
  const stdioClient = new Client({ name: 'bench', version: '1.0.0' });
  await stdioClient.connect(
    new StdioClientTransport({ command: process.execPath, args: [everythingBin, 'stdio'], stderr: 'ignore' }),
  );
  await stdioClient.listTools();
  const httpClient = new Client({ name: 'bench', version: '1.0.0' });
  await httpClient.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  await httpClient.listTools();
  const bridge = await McpBridge.fromConfig({
    mcpServers: {
      stdio: { command: process.execPath, args: [everythingBin, 'stdio'] },
      http: { type: 'http', url: http.url },
    },
  });
  const tools = await bridge.tools();
  const executable = (name: string) => {
    const tool = tools.find((candidate) => candidate.name === name);
    if (tool === undefined) throw new Error(`${name} not found`);
    return tool;
  };
  const stdioEcho = executable('stdio__echo');
  const args = { message: 'hi' };
  // As the agent calls a tool: with a signal of its own, so the call can be cancelled. The
  // baseline then passes one too, as a host that wants cancellable calls must.
  const withSignal = () => ({ signal: new AbortController().signal });
  const bareStdio = () => stdioClient.callTool({ name: 'echo', arguments: args });
  const bridgedStdio = () => bridge.callTool('stdio__echo', args);
  const bareStdioSignal = () => stdioClient.callTool({ name: 'echo', arguments: args }, undefined, withSignal());
  const executeStdio = () => stdioEcho.execute(args, { toolCallId: 'bench', messages: [], ...withSignal() });
  const bareHttp = () => httpClient.callTool({ name: 'echo', arguments: args });
  const bridgedHttp = () => bridge.callTool('http__echo', args);
  const concurrent = (call: () => unknown) => () => Promise.all(Array.from({ length: CONCURRENT }, call));

  const cells: PairedCell[] = [
    {
      name: 'stdio: bridge.callTool vs bare Client.callTool, sequential',
      sdk: bareStdio,
      subject: bridgedStdio,
      sdkGoal: 1.05,
    },
    {
      name: `stdio: same, ${CONCURRENT} concurrent calls`,
      sdk: concurrent(bareStdio),
      subject: concurrent(bridgedStdio),
      sdkGoal: 1.05,
    },
    {
      name: 'stdio: tool.execute(…, {signal}) vs callTool(…, {signal}), sequential',
      sdk: bareStdioSignal,
      subject: executeStdio,
      sdkGoal: 1.05,
    },
    {
      name: `stdio: same with signals, ${CONCURRENT} concurrent calls`,
      sdk: concurrent(bareStdioSignal),
      subject: concurrent(executeStdio),
      sdkGoal: 1.05,
    },
    {
      name: 'Streamable HTTP (one server): bridge vs bare, sequential',
      sdk: bareHttp,
      subject: bridgedHttp,
      sdkGoal: 1.05,
    },
    {
      name: `Streamable HTTP (one server): same, ${CONCURRENT} concurrent`,
      sdk: concurrent(bareHttp),
      subject: concurrent(bridgedHttp),
      sdkGoal: 1.05,
    },
  ];
  try {
    reportPaired('mcp-bridge (server-everything echo; ÷ the bare MCP SDK Client)', await measurePaired(cells));
  } finally {
    await Promise.all([stdioClient.close(), httpClient.close(), bridge.close()]);
    http.child.kill();
  }
}
