import { loadOpenTelemetry } from './load-open-telemetry';
import type { OpenTelemetryApi, OpenTelemetrySpan, TelemetryAttributeValue } from './open-telemetry-api';

/** Attributes to set; `undefined` values are skipped. */
export type TelemetryAttributes = Record<string, TelemetryAttributeValue | undefined>;

/** How a span relates to its peer, as OpenTelemetry's `SpanKind`. */
export type TelemetrySpanKind = 'internal' | 'server' | 'client';

/**
 * A span of Interlingua's instrumentation over OpenTelemetry, or a no-op one when
 * `@opentelemetry/api` is absent. Check `recording` before computing costly attributes.
 */
export type TelemetrySpan = {
  /** False for the no-op span and for spans the SDK does not record (sampled out, no SDK). */
  readonly recording: boolean;
  /** Sets attributes, skipping `undefined` values. */
  set(attributes: TelemetryAttributes): void;
  /** Marks the span failed: status ERROR with the error's message, `error.type`, the exception recorded. */
  fail(error: unknown, errorType: string): void;
  /** Ends the span (once; later calls do nothing). */
  end(): void;
  /** Runs `fn` with this span as the active one, so spans started inside become its children. */
  run<T>(fn: () => T): T;
  /**
   * This span's W3C trace context (`traceparent`, and `tracestate` when there is one), for a peer
   * whose work should join the trace; empty for a span that is not recorded.
   */
  traceContext(): Record<string, string>;
};

const KINDS: Record<TelemetrySpanKind, number> = { internal: 0, server: 1, client: 2 };
const STATUS_ERROR = 2;

const noopSpan: TelemetrySpan = Object.freeze({
  recording: false,
  set() {},
  fail() {},
  end() {},
  run: <T>(fn: () => T): T => fn(),
  traceContext: () => ({}),
});

// undefined: not tried yet; null: absent or switched off.
let api: OpenTelemetryApi | null | undefined;

/**
 * Chooses the OpenTelemetry API Interlingua's spans go through: the module itself (for bundled
 * apps where it cannot be found at run time), `null` to switch spans off, or `undefined` to go
 * back to loading `@opentelemetry/api` on first use.
 *
 * @example
 * import * as otel from '@opentelemetry/api';
 * useOpenTelemetry(otel);
 */
export function useOpenTelemetry(module: OpenTelemetryApi | null | undefined): void {
  api = module;
  noopProvider = undefined;
}

function currentApi(): OpenTelemetryApi | undefined {
  if (api === undefined) api = loadOpenTelemetry() ?? null;
  return api ?? undefined;
}

// The API's no-op tracer provider, or null when this API does not expose it.
let noopProvider: unknown;

/**
 * True when no SDK is registered: the global proxy still delegates to the API's own no-op
 * provider. Its spans record nothing and carry their parent's span context unchanged, so a span
 * then is work for nothing (and each model and tool call starts one).
 */
function tracingOff(otel: OpenTelemetryApi): boolean {
  if (noopProvider === undefined) {
    const ProxyProvider = otel.ProxyTracerProvider;
    noopProvider = typeof ProxyProvider === 'function' ? (new ProxyProvider().getDelegate?.() ?? null) : null;
  }
  return noopProvider !== null && otel.trace.getTracerProvider?.().getDelegate?.() === noopProvider;
}

// Whether the headers hold a field the registered propagator reads (W3C: `traceparent`,
// `tracestate`); a propagator that does not say which it reads is asked every time.
function carriesContext(otel: OpenTelemetryApi, carrier: StartSpanOptions['carrier']): boolean {
  if (carrier === undefined || otel.propagation === undefined) return false;
  const fields = otel.propagation.fields?.();
  if (fields === undefined) return true;
  for (const field of fields)
    if (carrier[field] !== undefined || carrier[field.toLowerCase()] !== undefined) return true;
  return false;
}

/** Options of {@link startTelemetrySpan}. */
export type StartSpanOptions = {
  kind: TelemetrySpanKind;
  /** The instrumentation scope, e.g. `@interlingua/agent`. */
  scope: string;
  attributes?: TelemetryAttributes;
  /** The parent span; default the active one. */
  parent?: TelemetrySpan;
  /**
   * The headers of an incoming request (a SERVER span): without `parent`, the span continues the
   * caller's trace when they carry one the registered propagator reads (W3C `traceparent`).
   */
  carrier?: Record<string, string | string[] | undefined>;
};

/**
 * Starts a span through `@opentelemetry/api` when it is installed and an SDK is registered, else
 * returns a no-op span at the cost of one check. Used by Interlingua's packages for their GenAI spans.
 */
export function startTelemetrySpan(name: string, options: StartSpanOptions): TelemetrySpan {
  const otel = currentApi();
  if (otel === undefined) return noopSpan;
  // An incoming request's span still makes its context the active one (a propagator may be set
  // alone) — when its headers carry one: without any field the propagator reads, it is a no-op too.
  if (tracingOff(otel) && !carriesContext(otel, options.carrier)) return noopSpan;
  const parent = options.parent;
  const context =
    parent !== undefined && parent !== noopSpan
      ? (parent as LiveSpan).context
      : options.carrier !== undefined && otel.propagation !== undefined
        ? otel.propagation.extract(otel.context.active(), options.carrier)
        : otel.context.active();
  const span = otel.trace
    .getTracer(options.scope)
    .startSpan(name, { kind: KINDS[options.kind], attributes: clean(options.attributes) }, context);
  return new LiveSpan(otel, span, context);
}

class LiveSpan implements TelemetrySpan {
  private ended = false;
  readonly recording: boolean;
  private own: object | undefined;

  constructor(
    private readonly otel: OpenTelemetryApi,
    private readonly span: OpenTelemetrySpan,
    private readonly parentContext: object,
  ) {
    this.recording = span.isRecording();
  }

  /** The context with this span active; made when first needed (most spans have no children). */
  get context(): object {
    this.own ??= this.otel.trace.setSpan(this.parentContext, this.span);
    return this.own;
  }

  set(attributes: TelemetryAttributes): void {
    if (!this.recording) return;
    for (const key of Object.keys(attributes)) {
      const value = attributes[key];
      if (value !== undefined) this.span.setAttribute(key, value);
    }
  }

  fail(error: unknown, errorType: string): void {
    if (!this.recording) return;
    const message = error instanceof Error ? error.message : String(error);
    this.span.setAttribute('error.type', errorType);
    this.span.setStatus({ code: STATUS_ERROR, message });
    this.span.recordException(error instanceof Error ? error : message);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.span.end();
  }

  run<T>(fn: () => T): T {
    return this.otel.context.with(this.context, fn);
  }

  traceContext(): Record<string, string> {
    const ids = this.recording ? this.span.spanContext?.() : undefined;
    if (ids === undefined || /^0+$/.test(ids.traceId)) return {};
    const flags = (ids.traceFlags & 0xff).toString(16).padStart(2, '0');
    const traceState = ids.traceState?.serialize();
    return {
      traceparent: `00-${ids.traceId}-${ids.spanId}-${flags}`,
      ...(traceState === undefined || traceState === '' ? {} : { tracestate: traceState }),
    };
  }
}

// A loop over the keys, not `Object.entries`: spans start on every call, most of them unrecorded.
function clean(attributes: TelemetryAttributes | undefined): Record<string, TelemetryAttributeValue> {
  const out: Record<string, TelemetryAttributeValue> = {};
  if (attributes === undefined) return out;
  for (const key of Object.keys(attributes)) {
    const value = attributes[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
