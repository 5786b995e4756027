import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error';
import { errorTypeOf } from './gen-ai-attributes';
import { loadOpenTelemetry } from './load-open-telemetry';
import { startTelemetrySpan, useOpenTelemetry } from './telemetry-span';

const exporter = new InMemorySpanExporter();
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
});
afterEach(() => {
  exporter.reset();
  useOpenTelemetry(undefined);
});
afterAll(() => {
  trace.disable();
  context.disable();
});

describe('loadOpenTelemetry', () => {
  it('finds the installed @opentelemetry/api from this package', () => {
    const api = loadOpenTelemetry();
    expect(typeof api?.trace.getTracer).toBe('function');
  });

  it('is undefined, without throwing, where the module cannot be resolved', () => {
    // A fresh Node process (no NODE_PATH, which pnpm sets for scripts) with a require rooted in
    // the temp folder: there Node genuinely cannot find the module.
    const loader = fileURLToPath(new URL('./load-open-telemetry.ts', import.meta.url));
    const script = `
      import { createRequire } from 'node:module';
      import { tmpdir } from 'node:os';
      import { join } from 'node:path';
      const { loadOpenTelemetry } = await import(${JSON.stringify(loader)});
      const nowhere = createRequire(join(tmpdir(), 'interlingua-no-otel', 'index.js'));
      let thrown = 'nothing';
      try { nowhere('@opentelemetry/api'); } catch (error) { thrown = error.code; }
      console.log(JSON.stringify({ thrown, loaded: loadOpenTelemetry(nowhere) === undefined ? 'undefined' : 'api' }));`;
    const env = { ...process.env };
    delete env['NODE_PATH'];
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const output = execFileSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ thrown: 'MODULE_NOT_FOUND', loaded: 'undefined' });
  });

  it('is undefined for a module that is not the API, or a loader that fails', () => {
    expect(loadOpenTelemetry(() => ({ trace: {} }))).toBeUndefined();
    expect(loadOpenTelemetry(() => null)).toBeUndefined();
    expect(
      loadOpenTelemetry(() => {
        throw new Error('boom');
      }),
    ).toBeUndefined();
  });
});

describe('startTelemetrySpan', () => {
  it('records a span with its kind, attributes (undefined ones skipped) and parent', async () => {
    const parent = startTelemetrySpan('invoke_agent', { kind: 'internal', scope: 'test' });
    await parent.run(async () => {
      await Promise.resolve();
      const child = startTelemetrySpan('chat m', {
        kind: 'client',
        scope: 'test',
        attributes: { 'gen_ai.request.model': 'm', 'gen_ai.request.top_p': undefined },
      });
      child.set({ 'gen_ai.usage.input_tokens': 12, skipped: undefined });
      child.end();
      child.end();
    });
    parent.end();
    const [child, root] = exporter.getFinishedSpans();
    expect(child?.name).toBe('chat m');
    expect(child?.kind).toBe(2);
    expect(child?.attributes).toEqual({ 'gen_ai.request.model': 'm', 'gen_ai.usage.input_tokens': 12 });
    expect(child?.parentSpanContext?.spanId).toBe(root?.spanContext().spanId);
    expect(root?.kind).toBe(0);
    expect(exporter.getFinishedSpans()).toHaveLength(2);
  });

  it('marks a failure with error.type, the status message and the exception', () => {
    const span = startTelemetrySpan('chat m', { kind: 'client', scope: 'test' });
    const error = new APICallError({ message: 'Overloaded', statusCode: 529 });
    span.fail(error, errorTypeOf(error));
    span.end();
    const [recorded] = exporter.getFinishedSpans();
    expect(recorded?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Overloaded' });
    expect(recorded?.attributes['error.type']).toBe('529');
    expect(recorded?.events.map((event) => event.name)).toEqual(['exception']);
  });

  it('is a no-op when OpenTelemetry is switched off: nothing recorded, work still runs', () => {
    useOpenTelemetry(null);
    const span = startTelemetrySpan('chat m', { kind: 'client', scope: 'test' });
    expect(span.recording).toBe(false);
    expect(span.run(() => 42)).toBe(42);
    span.set({ a: 1 });
    span.fail(new Error('x'), 'Error');
    span.end();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('gives its W3C trace context for a peer, and none when it is not recorded', () => {
    const span = startTelemetrySpan('tools/call echo', { kind: 'client', scope: 'test' });
    const carrier = span.traceContext();
    span.end();
    const [recorded] = exporter.getFinishedSpans();
    const ids = recorded?.spanContext();
    expect(carrier).toEqual({ traceparent: `00-${ids?.traceId}-${ids?.spanId}-01` });
    useOpenTelemetry(null);
    expect(startTelemetrySpan('tools/call echo', { kind: 'client', scope: 'test' }).traceContext()).toEqual({});
  });
});
