import * as otel from '@opentelemetry/api';
import { context, propagation, type TextMapPropagator, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpenTelemetryApi } from './open-telemetry-api';
import { startTelemetrySpan, useOpenTelemetry } from './telemetry-span';

// The API installed, but no SDK registered (until a test registers one): the case of every user
// who has `@opentelemetry/api` in their tree for another library's sake.
let tracerCalls = 0;
const countingApi = {
  ...otel,
  trace: {
    getTracer: (name: string, version?: string) => {
      tracerCalls++;
      return trace.getTracer(name, version);
    },
    setSpan: (at: otel.Context, span: otel.Span) => trace.setSpan(at, span),
    getTracerProvider: () => trace.getTracerProvider(),
  },
} as unknown as OpenTelemetryApi;

// W3C `traceparent` read by hand: a propagator registered without any tracer provider.
const traceparent: TextMapPropagator = {
  inject: () => {},
  fields: () => ['traceparent'],
  extract: (at, carrier) => {
    const header = (carrier as Record<string, string | undefined>)['traceparent'];
    const [, traceId, spanId] = header?.split('-') ?? [];
    if (traceId === undefined || spanId === undefined) return at;
    return trace.setSpanContext(at, { traceId, spanId, traceFlags: 1, isRemote: true });
  },
};

beforeAll(() => {
  trace.disable();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
afterEach(() => {
  tracerCalls = 0;
  trace.disable();
  propagation.disable();
  useOpenTelemetry(undefined);
});
afterAll(() => {
  context.disable();
});

describe('startTelemetrySpan without an SDK', () => {
  it('starts no span while no tracer provider is registered, and real ones once one is', () => {
    useOpenTelemetry(countingApi);
    const run = startTelemetrySpan('invoke_agent', { kind: 'internal', scope: 'test', attributes: { a: 1 } });
    expect(run.recording).toBe(false);
    expect(run.run(() => startTelemetrySpan('chat m', { kind: 'client', scope: 'test', parent: run }).recording)).toBe(
      false,
    );
    run.set({ b: 2 });
    run.end();
    expect(tracerCalls).toBe(0);

    const exporter = new InMemorySpanExporter();
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    const live = startTelemetrySpan('invoke_agent', { kind: 'internal', scope: 'test', attributes: { a: 1 } });
    expect(live.recording).toBe(true);
    live.end();
    expect(tracerCalls).toBe(1);
    expect(exporter.getFinishedSpans().map((span) => [span.name, span.attributes])).toEqual([
      ['invoke_agent', { a: 1 }],
    ]);
  });

  it('still makes an incoming request’s trace context active when only a propagator is registered', () => {
    propagation.setGlobalPropagator(traceparent);
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const span = startTelemetrySpan('POST /v1/chat/completions', {
      kind: 'server',
      scope: 'test',
      carrier: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(span.recording).toBe(false);
    expect(span.run(() => trace.getSpanContext(context.active())?.traceId)).toBe(traceId);
    span.end();
  });

  it('starts no span for an incoming request without trace headers, even with a propagator (issue 33)', () => {
    useOpenTelemetry(countingApi);
    propagation.setGlobalPropagator(traceparent);
    const span = startTelemetrySpan('POST /v1/chat/completions', {
      kind: 'server',
      scope: 'test',
      carrier: { 'content-type': 'application/json' },
    });
    expect(span.recording).toBe(false);
    expect(tracerCalls).toBe(0);
    span.end();
    // With the header, the caller's trace context is still made active (the test above).
    startTelemetrySpan('POST /v1/chat/completions', {
      kind: 'server',
      scope: 'test',
      carrier: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    }).end();
    expect(tracerCalls).toBe(1);
  });
});
