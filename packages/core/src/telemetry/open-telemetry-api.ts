/**
 * The parts of `@opentelemetry/api` Interlingua uses, described structurally so that no package
 * needs its types: the module is an optional peer dependency, loaded at run time when present.
 */
export type OpenTelemetryContext = object;

/** An attribute value as OpenTelemetry accepts it. */
export type TelemetryAttributeValue = string | number | boolean | string[] | number[];

/** An OpenTelemetry span, as far as Interlingua uses one. */
export type OpenTelemetrySpan = {
  setAttribute(key: string, value: TelemetryAttributeValue): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException(exception: Error | string): unknown;
  end(): void;
  isRecording(): boolean;
  /** The span's ids, for W3C trace context (optional: test doubles may leave it out). */
  spanContext?(): { traceId: string; spanId: string; traceFlags: number; traceState?: { serialize(): string } };
};

/** The `@opentelemetry/api` module, as far as Interlingua uses it. */
export type OpenTelemetryApi = {
  trace: {
    getTracer(
      name: string,
      version?: string,
    ): {
      startSpan(
        name: string,
        options?: { kind?: number; attributes?: Record<string, TelemetryAttributeValue> },
        context?: OpenTelemetryContext,
      ): OpenTelemetrySpan;
    };
    setSpan(context: OpenTelemetryContext, span: OpenTelemetrySpan): OpenTelemetryContext;
    /** The global provider: a proxy that delegates to the SDK's provider once one is registered. */
    getTracerProvider?(): { getDelegate?(): unknown };
  };
  /** The proxy's class, whose fresh instance names the API's no-op provider (the delegate until an SDK registers). */
  ProxyTracerProvider?: new () => { getDelegate?(): unknown };
  context: {
    active(): OpenTelemetryContext;
    with<T>(context: OpenTelemetryContext, fn: () => T): T;
  };
  /** The registered propagator (W3C `traceparent` with the usual SDK setups); used for incoming requests. */
  propagation?: {
    /** The header names the propagator reads (none for the API's default no-op propagator). */
    fields?(): string[];
    extract(
      context: OpenTelemetryContext,
      carrier: Record<string, string | string[] | undefined>,
    ): OpenTelemetryContext;
  };
};

/** True when `value` has the shape of `@opentelemetry/api` (a wrong module is not used). */
export function isOpenTelemetryApi(value: unknown): value is OpenTelemetryApi {
  if (typeof value !== 'object' || value === null) return false;
  const { trace, context } = value as { trace?: Record<string, unknown>; context?: Record<string, unknown> };
  return (
    typeof trace?.['getTracer'] === 'function' &&
    typeof trace['setSpan'] === 'function' &&
    typeof context?.['active'] === 'function' &&
    typeof context['with'] === 'function'
  );
}
