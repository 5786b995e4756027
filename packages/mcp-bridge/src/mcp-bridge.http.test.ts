// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is mcp.json syntax, not a template.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binOf, freePort } from './__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';

const children: ChildProcess[] = [];
const bridges: McpBridge[] = [];
let streamableUrl: string;
let sseUrl: string;
let streamableChild: ChildProcess;

/** Starts server-everything in one of its HTTP modes on a free port; resolves once it listens. */
async function startEverything(mode: 'streamableHttp' | 'sse'): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [binOf('@modelcontextprotocol/server-everything'), mode], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (/listening on port|running on port/.test(log)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server-everything ${mode} exited (${code}): ${log}`)));
  });
  return { port, child };
}

beforeAll(async () => {
  const [streamable, sse] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
  streamableChild = streamable.child;
  streamableUrl = `http://127.0.0.1:${streamable.port}/mcp`;
  sseUrl = `http://127.0.0.1:${sse.port}/sse`;
});

afterAll(async () => {
  await Promise.all(bridges.map((bridge) => bridge.close()));
  for (const child of children) child.kill('SIGKILL');
});

async function open(servers: Record<string, unknown>, options = {}) {
  const bridge = await McpBridge.fromConfig({ servers }, options);
  bridges.push(bridge);
  return bridge;
}

describe('McpBridge over HTTP (server-everything)', () => {
  it('speaks Streamable HTTP to a url, with the handshake recorded', async () => {
    const bridge = await open({ remote: { url: streamableUrl } });
    expect(bridge.servers[0]).toMatchObject({
      state: 'connected',
      transport: 'http',
      protocolVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      serverInfo: { name: 'mcp-servers/everything' },
    });
    const output = await bridge.callTool('remote__echo', { message: 'over http' });
    expect(output.content).toEqual([{ type: 'text', text: 'Echo: over http' }]);
    const sum = await bridge.callTool('remote__get-sum', { a: 2, b: 3 });
    expect(JSON.stringify(sum.content)).toContain('5');
  });

  it('falls back to SSE when the url does not speak Streamable HTTP, and takes a forced type', async () => {
    const bridge = await open({ auto: { url: sseUrl }, forced: { type: 'sse', url: sseUrl } });
    expect(bridge.servers.map((server) => [server.name, server.state, server.transport])).toEqual([
      ['auto', 'connected', 'sse'],
      ['forced', 'connected', 'sse'],
    ]);
    for (const name of ['auto__echo', 'forced__echo']) {
      const output = await bridge.callTool(name, { message: name });
      expect(output.content).toEqual([{ type: 'text', text: `Echo: ${name}` }]);
    }
  });

  it('sends the configured headers, tries Streamable HTTP then SSE, and keeps both errors', async () => {
    const seen: { method: string | undefined; headers: IncomingHttpHeaders }[] = [];
    const http = createServer((request, response) => {
      seen.push({ method: request.method, headers: request.headers });
      response.writeHead(404).end('no MCP here');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    try {
      const bridge = await open(
        { nothing: { url, headers: { Authorization: 'Bearer ${env:TEST_TOKEN}' } } },
        { onServerError: 'skip', env: { TEST_TOKEN: 't0k3n' } },
      );
      const status = bridge.servers[0];
      expect(status?.state).toBe('failed');
      expect(status?.error?.message).toMatch(
        /^Streamable HTTP failed \(.*no MCP here\), and so did SSE \(.*404.*\)\.$/s,
      );
      expect(seen.map((request) => request.method)).toEqual(['POST', 'GET']);
      expect(seen.every((request) => request.headers.authorization === 'Bearer t0k3n')).toBe(true);
    } finally {
      http.close();
    }
  });

  it('detects an HTTP server that stops answering by the per-call timeout', async () => {
    const bridge = await open({ remote: { url: streamableUrl } }, { callTimeout: 200 });
    streamableChild.kill('SIGSTOP');
    try {
      const output = await bridge.callTool('remote__echo', { message: 'anyone?' });
      expect(output).toMatchObject({ isError: true, cause: { reason: 'timeout', server: 'remote' } });
    } finally {
      streamableChild.kill('SIGCONT');
    }
  });
});
