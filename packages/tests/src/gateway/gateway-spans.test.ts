import Anthropic from '@anthropic-ai/sdk';
import { useOpenTelemetry } from '@interlingua/core';
import { type Gateway, hashGatewayKey } from '@interlingua/gateway';
import { json } from '@interlingua/testkit';
import { context, propagation, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, startBackends, startGateway } from './gateway-harness';
import { GATEWAY_SCENARIOS } from './gateway-scenarios';

// One SERVER span per gateway request, a CLIENT span per backend attempt as its child (issue 20),
// recorded with the OpenTelemetry SDK's in-memory exporter.

const TEAM = 'sk-gw-span-team-0123456789';
const text = GATEWAY_SCENARIOS[0]!; // usage 21 in / 9 out

const exporter = new InMemorySpanExporter();
let backends: Backends;
let gateway: Gateway;
let url: string;
let logs: Record<string, unknown>[];

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  backends = await startBackends();
  ({ gateway, url, logs } = await startGateway(
    backendConfig(backends, {
      models: { flaky: { model: 'openai:gpt-4.1', retries: 1 } },
      keys: [{ name: 'team', sha256: hashGatewayKey(TEAM) }],
    }),
  ));
});
afterAll(async () => {
  await gateway.close();
  await backends.close();
  trace.disable();
  context.disable();
  propagation.disable();
});
beforeEach(() => {
  backends.answer = text.response;
});
afterEach(() => {
  exporter.reset();
  useOpenTelemetry(undefined);
});

const openai = () => new OpenAI({ apiKey: TEAM, baseURL: `${url}/v1`, maxRetries: 0 });
const parentOf = (span: ReadableSpan | undefined, spans: readonly ReadableSpan[]) =>
  spans.find((candidate) => candidate.spanContext().spanId === span?.parentSpanContext?.spanId);
// The request span ends when the answer's last byte is written: after the client has it.
const settled = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('gateway spans (OpenTelemetry)', () => {
  it('a JSON request: SERVER span with HTTP and GenAI attributes, the backend call its CLIENT child', async () => {
    await openai().chat.completions.create(
      { model: 'anthropic-backend', max_tokens: 64, temperature: 0.5, messages: [{ role: 'user', content: '你好' }] },
      { headers: { 'x-request-id': 'span-json-1' } },
    );
    await settled();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['chat claude-sonnet-4-6', 'POST /v1/chat/completions']);
    const [backend, request] = spans;
    expect(request?.kind).toBe(1);
    expect(request?.instrumentationScope.name).toBe('@interlingua/gateway');
    expect(request?.parentSpanContext).toBeUndefined();
    expect(request?.status.code).toBe(SpanStatusCode.UNSET);
    expect(request?.attributes).toEqual({
      'http.request.method': 'POST',
      'http.route': '/v1/chat/completions',
      'url.path': '/v1/chat/completions',
      'http.response.status_code': 200,
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'anthropic-backend',
      'gen_ai.request.max_tokens': 64,
      'gen_ai.request.temperature': 0.5,
      // What the backend said it was, and its response id.
      'gen_ai.response.model': 'anthropic-model',
      'gen_ai.response.id': 'msg_interlingua',
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 21,
      'gen_ai.usage.output_tokens': 9,
      'interlingua.gateway.request_id': 'span-json-1',
      'interlingua.gateway.format': 'openai',
      'interlingua.gateway.key': 'team',
      'interlingua.gateway.backend': 'anthropic:claude-sonnet-4-6',
      'interlingua.cost.usd': expect.closeTo(21 * 3e-6 + 9 * 15e-6, 12),
    });
    expect(backend?.kind).toBe(2);
    expect(parentOf(backend, spans)).toBe(request);
    expect(backend?.spanContext().traceId).toBe(request?.spanContext().traceId);
    expect(backend?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-sonnet-4-6',
      'gen_ai.request.max_tokens': 64,
      'gen_ai.request.temperature': 0.5,
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 21,
      'gen_ai.usage.output_tokens': 9,
      'interlingua.gateway.backend': 'anthropic:claude-sonnet-4-6',
    });
    // The key's name, never the key.
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain(TEAM);
  });

  it('a stream: the backend span stays open until the stream is read, with its usage', async () => {
    const client = new Anthropic({ apiKey: TEAM, baseURL: url, maxRetries: 0 });
    await client.messages
      .stream({ model: 'gemini-backend', max_tokens: 64, messages: [{ role: 'user', content: '你好' }] })
      .finalMessage();
    await settled();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['chat gemini-2.5-flash', 'POST /v1/messages']);
    const [backend, request] = spans;
    expect(parentOf(backend, spans)).toBe(request);
    expect(request?.attributes).toMatchObject({
      'http.route': '/v1/messages',
      'http.response.status_code': 200,
      'gen_ai.request.model': 'gemini-backend',
      'gen_ai.request.stream': true,
      'gen_ai.provider.name': 'gcp.gemini',
      'gen_ai.usage.input_tokens': 21,
      'gen_ai.usage.output_tokens': 9,
      'interlingua.gateway.format': 'anthropic',
      'interlingua.gateway.backend': 'gemini:gemini-2.5-flash',
    });
    expect(backend?.attributes).toMatchObject({
      'gen_ai.provider.name': 'gcp.gemini',
      'gen_ai.request.model': 'gemini-2.5-flash',
      'gen_ai.request.stream': true,
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 21,
      'gen_ai.usage.output_tokens': 9,
    });
    // The backend span ends after its last event, not when its first arrived.
    expect(backend!.endTime[0] * 1e9 + backend!.endTime[1]).toBeLessThanOrEqual(
      request!.endTime[0] * 1e9 + request!.endTime[1],
    );
  });

  it('a retried, failing backend: one failed CLIENT span per attempt, the SERVER span failed with the error type', async () => {
    backends.answer = () =>
      json({ error: { message: 'Busy', type: 'server_error' } }, { status: 503, headers: { 'retry-after': '0' } });
    const failure = (await openai()
      .chat.completions.create(
        { model: 'flaky', messages: [{ role: 'user', content: 'x' }] },
        { headers: { 'x-request-id': 'span-fail-1' } },
      )
      .then(
        () => ({ status: 200 }),
        (error: unknown) => error as { status: number },
      )) as { status: number };
    await settled();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['chat gpt-4.1', 'chat gpt-4.1', 'POST /v1/chat/completions']);
    const request = spans[2];
    for (const attempt of spans.slice(0, 2)) {
      expect(parentOf(attempt, spans)).toBe(request);
      expect(attempt.status.code).toBe(SpanStatusCode.ERROR);
      expect(attempt.attributes['error.type']).toBe('503');
    }
    const line = logs.find((entry) => entry.id === 'span-fail-1') as { status: number; error: { type: string } };
    expect(request?.status.code).toBe(SpanStatusCode.ERROR);
    expect(request?.attributes).toMatchObject({
      'http.response.status_code': failure.status,
      'error.type': line.error.type,
      'interlingua.gateway.retries': 1,
    });
    expect(line.status).toBe(failure.status);
  });

  it('continues the caller’s trace from its traceparent header; a malformed one starts a new trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    await openai().chat.completions.create(
      { model: 'openai-backend', messages: [{ role: 'user', content: 'x' }] },
      { headers: { traceparent: `00-${traceId}-${callerSpan}-01` } },
    );
    await openai().chat.completions.create(
      { model: 'openai-backend', messages: [{ role: 'user', content: 'x' }] },
      { headers: { traceparent: '00-not-a-trace-id-01' } },
    );
    await settled();
    const requests = exporter.getFinishedSpans().filter((span) => span.kind === 1);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.spanContext().traceId).toBe(traceId);
    expect(requests[0]?.parentSpanContext?.spanId).toBe(callerSpan);
    expect(requests[0]?.parentSpanContext?.isRemote).toBe(true);
    expect(requests[1]?.spanContext().traceId).not.toBe(traceId);
    expect(requests[1]?.parentSpanContext).toBeUndefined();
  });

  it('a refused request (bad key): a SERVER span with its status and error type, not failed, no backend span', async () => {
    const client = new OpenAI({ apiKey: 'sk-not-a-gateway-key-000', baseURL: `${url}/v1`, maxRetries: 0 });
    await expect(
      client.chat.completions.create({ model: 'openai-backend', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 401 });
    await settled();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['POST /v1/chat/completions']);
    expect(spans[0]?.status.code).toBe(SpanStatusCode.UNSET);
    expect(spans[0]?.attributes).toMatchObject({ 'http.response.status_code': 401, 'error.type': 'authentication' });
    expect(JSON.stringify(spans[0]?.attributes)).not.toContain('sk-not-a-gateway-key-000');
  });

  it('a path no route serves is spanned by its method alone; health checks are not spanned', async () => {
    await fetch(`${url}/v1/nothing-here`, { method: 'POST' });
    await fetch(`${url}/healthz`);
    await settled();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => [span.name, span.attributes['http.response.status_code']])).toEqual([['POST', 404]]);
    expect(spans[0]?.attributes['http.route']).toBeUndefined();
  });

  it('switched off, a request makes no span at all', async () => {
    useOpenTelemetry(null);
    await openai().chat.completions.create({ model: 'openai-backend', messages: [{ role: 'user', content: 'x' }] });
    await settled();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
