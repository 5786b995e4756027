import { runAgent } from '@interlingua/agent';
import { McpBridge } from '@interlingua/mcp-bridge';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_SERVER } from '../umbrella/umbrella-fixtures';

const exporter = new InMemorySpanExporter();
let bridge: McpBridge;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  bridge = await McpBridge.fromConfig({
    mcpServers: { weather: { command: process.execPath, args: ['--import', 'tsx', WEATHER_SERVER] } },
  });
}, 120_000);

afterAll(async () => {
  await bridge?.close();
  trace.disable();
  context.disable();
});

const parent = (span: ReadableSpan | undefined, spans: ReadableSpan[]) =>
  spans.find((candidate) => candidate.spanContext().spanId === span?.parentSpanContext?.spanId)?.name;

describe('OpenTelemetry spans of an agent run with an MCP tool', () => {
  it('nest invoke_agent > chat and execute_tool > tools/call, in one trace', async () => {
    const model = scriptedModel(
      [toolCallResponse([{ id: 'c1', name: 'weather__get_weather', args: { city: '北京' } }]), textResponse('晴。')],
      { provider: 'gemini', modelId: 'gemini-2.5-flash' },
    );
    const result = await runAgent({
      model,
      tools: await bridge.tools(),
      messages: [{ role: 'user', content: [{ type: 'text', text: '北京？' }] }],
    });
    expect(result.finishReason).toBe('stop');
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => [span.name, parent(span, spans) ?? null])).toEqual([
      ['chat gemini-2.5-flash', 'invoke_agent'],
      ['tools/call get_weather', 'execute_tool weather__get_weather'],
      ['execute_tool weather__get_weather', 'invoke_agent'],
      ['chat gemini-2.5-flash', 'invoke_agent'],
      ['invoke_agent', null],
    ]);
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
    expect(spans[0]?.attributes['gen_ai.provider.name']).toBe('gcp.gemini');
    expect(spans[1]?.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'network.transport': 'pipe' });
  });
});
