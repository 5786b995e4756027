import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTelemetrySpan } from '@interlingua/core/adapter';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModernServer, startModernServer } from '../__fixtures__/servers/modern-http-server';
import { McpBridge } from './mcp-bridge';
import type { McpBridgeEvent } from './mcp-bridge-event';
import type { McpElicitationRequest } from './mcp-host-hooks';

const exporter = new InMemorySpanExporter();
let modernOnly: ModernServer;
let bothEras: ModernServer;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  [modernOnly, bothEras] = await Promise.all([
    startModernServer({ legacy: 'reject' }),
    startModernServer({ legacy: 'stateless' }),
  ]);
});
afterAll(async () => {
  await Promise.all([modernOnly.close(), bothEras.close()]);
  trace.disable();
  context.disable();
});

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('McpBridge against a server that speaks only 2026-07-28 (@modelcontextprotocol/server 2.4)', () => {
  it('connects without initialize, lists in the server order, calls, and puts era, level and trace context on each request', async () => {
    const frames: string[] = [];
    const bridge = await McpBridge.fromConfig(
      { mcpServers: { modern: { url: modernOnly.url } } },
      { logLevel: 'warning', onTrace: (frame) => 'method' in frame.message && frames.push(frame.message.method) },
    );
    try {
      const [status] = bridge.servers;
      expect([status?.state, status?.era, status?.protocolVersion, status?.transport]).toEqual([
        'connected',
        'modern',
        '2026-07-28',
        'http',
      ]);
      expect(frames).not.toContain('initialize');
      expect(frames[0]).toBe('server/discover');
      expect((await bridge.tools()).map((tool) => tool.name)).toEqual(['modern__echo', 'modern__confirm']);

      const parent = startTelemetrySpan('execute_tool modern__echo', { kind: 'internal', scope: 'test' });
      const output = await parent.run(() => bridge.callTool('modern__echo', { text: 'hi' }));
      parent.end();
      expect(output.content).toEqual([{ type: 'text', text: 'echo: hi' }]);
      const call = modernOnly.calls.at(-1);
      expect(call?.envelope).toMatchObject({
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'interlingua' },
        'io.modelcontextprotocol/logLevel': 'warning',
      });
      expect(call?.headers['mcp-method']).toBe('tools/call');
      expect(call?.headers['mcp-name']).toBe('echo');
      // The server's work joins the trace of the call's span, a child of the caller's.
      const callSpan = exporter.getFinishedSpans().find((span) => span.name === 'tools/call echo');
      expect(callSpan?.spanContext().traceId).toBe(exporter.getFinishedSpans().at(-1)?.spanContext().traceId);
      expect(call?.meta.traceparent).toBe(`00-${callSpan?.spanContext().traceId}-${callSpan?.spanContext().spanId}-01`);
    } finally {
      await bridge.close();
    }
  });

  it('answers an InputRequiredResult through the host elicitation hook and retries with the answers and the request state', async () => {
    const asked: McpElicitationRequest[] = [];
    const bridge = await McpBridge.fromConfig(
      { mcpServers: { modern: { url: modernOnly.url } } },
      {
        elicitation: (request) => {
          asked.push(request);
          return { action: 'accept', content: { ok: true } };
        },
      },
    );
    try {
      const output = await bridge.callTool('modern__confirm', { text: 'deploy' });
      expect(output.isError).not.toBe(true);
      expect(output.content).toEqual([{ type: 'text', text: 'accept {"ok":true} with state-for-deploy' }]);
      expect(asked.map((request) => [request.server, request.message])).toEqual([['modern', 'Go ahead with deploy?']]);
    } finally {
      await bridge.close();
    }
  });

  it('hears a tool-list change on its subscriptions/listen stream and lists again', async () => {
    const events: McpBridgeEvent[] = [];
    const bridge = await McpBridge.fromConfig(
      { mcpServers: { modern: { url: modernOnly.url } } },
      { onEvent: (event) => events.push(event) },
    );
    try {
      expect((await bridge.tools()).map((tool) => tool.name)).not.toContain('modern__late');
      modernOnly.addTool('late');
      await waitFor(() => events.some((event) => event.type === 'tools-changed'), 'tools-changed');
      expect((await bridge.tools()).map((tool) => tool.name)).toContain('modern__late');
    } finally {
      await bridge.close();
    }
  });

  it('pinned to legacy, fails with the unsupported version the server names', async () => {
    const bridge = await McpBridge.fromConfig(
      { mcpServers: { modern: { url: modernOnly.url, protocol: 'legacy', transport: 'http' } } },
      { onServerError: 'skip' },
    );
    try {
      expect(bridge.servers[0]?.state).toBe('failed');
      expect(bridge.servers[0]?.error?.message).toMatch(/-32022.*"supported":\["2026-07-28"\]/);
    } finally {
      await bridge.close();
    }
  });
});

describe('a server pinned to 2026-07-28', () => {
  it('that does not answer server/discover fails with that, and is never tried over legacy SSE', async () => {
    const seen: [string | undefined, string | string[] | undefined][] = [];
    const http = createServer((request, response) => {
      seen.push([request.method, request.headers['mcp-method']]);
      response.writeHead(404).end('no MCP here');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    try {
      const bridge = await McpBridge.fromConfig(
        { mcpServers: { pinned: { url, protocol: '2026-07-28' } } },
        { onServerError: 'skip' },
      );
      expect(bridge.servers[0]?.state).toBe('failed');
      expect(seen).toEqual([['POST', 'server/discover']]);
      await bridge.close();
    } finally {
      http.close();
    }
  });
});

describe('McpBridge against a server that speaks both eras', () => {
  it('reaches it in 2026-07-28 by probe, and in the legacy era when the config says so', async () => {
    const bridge = await McpBridge.fromConfig({
      mcpServers: { probed: { url: bothEras.url }, pinned: { url: bothEras.url, protocol: 'legacy' } },
    });
    try {
      expect(bridge.servers.map((server) => [server.name, server.era, server.protocolVersion])).toEqual([
        ['probed', 'modern', '2026-07-28'],
        ['pinned', 'legacy', '2025-11-25'],
      ]);
      for (const name of ['probed__echo', 'pinned__echo']) {
        expect((await bridge.callTool(name, { text: name })).content).toEqual([
          { type: 'text', text: `echo: ${name}` },
        ]);
      }
    } finally {
      await bridge.close();
    }
  });
});
