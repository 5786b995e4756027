import { fileURLToPath } from 'node:url';
import { startTelemetrySpan } from '@interlingua/core/adapter';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureEntry } from '../__fixtures__/real-servers';
import { McpBridge } from './mcp-bridge';

const exporter = new InMemorySpanExporter();
const weatherServer = fileURLToPath(new URL('../../../../examples/weather-server/server.ts', import.meta.url));
let bridge: McpBridge;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  bridge = await McpBridge.fromConfig(
    {
      mcpServers: {
        weather: { command: process.execPath, args: ['--import', 'tsx', weatherServer] },
        slow: fixtureEntry('silent'),
      },
    },
    { telemetry: { recordContent: true } },
  );
}, 120_000);
afterEach(() => exporter.reset());
afterAll(async () => {
  await bridge.close();
  trace.disable();
  context.disable();
});

describe('MCP call spans (OpenTelemetry MCP conventions)', () => {
  it('one client span per tools/call, a child of the active span, with the MCP attributes', async () => {
    const parent = startTelemetrySpan('execute_tool weather__get_weather', { kind: 'internal', scope: 'test' });
    const output = await parent.run(() => bridge.callTool('weather__get_weather', { city: '北京' }));
    parent.end();
    expect(output.isError).not.toBe(true);
    const [call, outer] = exporter.getFinishedSpans();
    expect(call?.name).toBe('tools/call get_weather');
    expect(call?.kind).toBe(2);
    expect(call?.parentSpanContext?.spanId).toBe(outer?.spanContext().spanId);
    expect(call?.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': bridge.servers[0]?.protocolVersion,
      'network.transport': 'pipe',
      'gen_ai.tool.call.arguments': '{"city":"北京"}',
      'gen_ai.tool.call.result': '北京今天晴，25°C',
    });
    expect(call?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks isError results as tool_error and JSON-RPC errors with their code', async () => {
    await bridge.callTool('weather__get_weather', { city: '北进' });
    await bridge.callTool('weather__get_weather', { town: 'x' });
    const [toolError, rpcError] = exporter.getFinishedSpans();
    expect(toolError?.status).toEqual({ code: SpanStatusCode.ERROR, message: '找不到城市北进，是否想输入北京？' });
    expect(toolError?.attributes['error.type']).toBe('tool_error');
    expect(rpcError?.status.code).toBe(SpanStatusCode.ERROR);
    expect(rpcError?.attributes['error.type']).toBe('-32602');
    expect(rpcError?.attributes['rpc.response.status_code']).toBe('-32602');
  });

  it('marks a call that timed out', async () => {
    await bridge.callTool('slow__wait', {}, { timeout: 200 });
    const [timedOut] = exporter.getFinishedSpans();
    expect(timedOut?.name).toBe('tools/call wait');
    expect(timedOut?.attributes['error.type']).toBe('timeout');
  });
});
