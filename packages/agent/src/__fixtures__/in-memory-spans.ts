// OpenTelemetry's SDK with its in-memory exporter, for the span tests.
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** Registers a tracer provider and a context manager globally; `stop()` undoes it. */
export function recordSpans() {
  const exporter = new InMemorySpanExporter();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  return {
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    byName: (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name),
    reset: () => exporter.reset(),
    stop() {
      trace.disable();
      context.disable();
    },
  };
}

/** The span whose id is `span`'s parent id. */
export function parentOf(span: ReadableSpan | undefined, spans: readonly ReadableSpan[]): ReadableSpan | undefined {
  return spans.find((candidate) => candidate.spanContext().spanId === span?.parentSpanContext?.spanId);
}
