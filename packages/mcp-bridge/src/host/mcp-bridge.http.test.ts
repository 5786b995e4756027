// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is mcp.json syntax, not a template.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binOf, freePort } from '../__fixtures__/real-servers';
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

  it('sends the configured headers, probes the 2026-07-28 era, tries Streamable HTTP then SSE, and keeps both errors', async () => {
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
      // The server/discover probe, the legacy initialize it falls back to, then the SSE stream.
      expect(seen.map((request) => [request.method, request.headers['mcp-method']])).toEqual([
        ['POST', 'server/discover'],
        ['POST', undefined],
        ['GET', undefined],
      ]);
      expect(seen.every((request) => request.headers.authorization === 'Bearer t0k3n')).toBe(true);
    } finally {
      http.close();
    }
  });

  it('keeps a token of the server URL and its Authorization header out of McpToolCallError (issue 12)', async () => {
    const urlToken = 'u-tok-7f3a9c2e41';
    const bearer = 'b-tok-5d8e1f0a62';
    // A proxy in front of server-everything that refuses one tool call the way careless proxies
    // do: echoing the request line and its Authorization header in the body.
    const proxy = createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const body = Buffer.concat(chunks);
        if (body.includes('"tools/call"') && body.includes('refuse me')) {
          outgoing
            .writeHead(502, { 'content-type': 'text/plain' })
            .end(`bad gateway for POST ${incoming.url} (authorization: ${incoming.headers.authorization})`);
          return;
        }
        const target = new URL(streamableUrl);
        const forward = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            headers: incoming.headers,
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        forward.on('error', () => outgoing.destroy());
        forward.end(body);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp?token=${urlToken}`;
    try {
      const bridge = await open({ guarded: { url: proxyUrl, headers: { Authorization: `Bearer ${bearer}` } } });
      expect(await bridge.callTool('guarded__echo', { message: 'fine' })).toMatchObject({
        content: [{ type: 'text', text: 'Echo: fine' }],
      });
      const output = await bridge.callTool('guarded__echo', { message: 'refuse me' });
      expect(output.isError).toBe(true);
      const cause = output.cause as Error & { reason?: string };
      expect(cause).toMatchObject({ name: 'McpToolCallError', server: 'guarded', reason: 'transport-error' });
      // What was echoed is still there, its credentials are not: message, the text the model
      // sees, the cause chain as printed and as JSON.
      expect(cause.message).toContain('bad gateway for POST /mcp?token=[REDACTED]');
      expect(cause.message).toContain('(authorization: [REDACTED])');
      const everything = [
        cause.message,
        JSON.stringify(output.content),
        inspect(cause, { depth: 10 }),
        JSON.stringify(cause),
        String(cause.stack),
      ].join('\n');
      expect(everything).not.toContain(urlToken);
      expect(everything).not.toContain(bearer);
    } finally {
      proxy.close();
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
