import { z } from 'zod';

/**
 * The version of the trace line format this recorder writes. 2 added the gateway's
 * `gateway-request` / `gateway-response` lines and `requestId` on model lines; a reader takes
 * lines of version 1 and 2 and rejects any other.
 */
export const TRACE_FORMAT_VERSION = 2;

const json = z.unknown();
const cost = z.union([
  z.literal('unknown'),
  z.object({
    currency: z.literal('USD'),
    total: z.number(),
    input: z.number(),
    output: z.number(),
    cacheRead: z.number(),
    cacheWrite: z.number(),
    reasoning: z.number(),
  }),
]);
const usage = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  cachedInputTokens: z.number().optional(),
  cacheWriteTokens: z.number().optional(),
  reasoningTokens: z.number().optional(),
});
const warning = z.object({ type: z.string(), feature: z.string(), message: z.string() });
const problem = z.object({ name: z.string(), message: z.string(), code: z.string().optional() });

// Every line: the format version, its place in the file, when it was written and how long after the start.
const base = {
  v: z.union([z.literal(1), z.literal(TRACE_FORMAT_VERSION)]),
  seq: z.number().int().nonnegative(),
  time: z.string(),
  ms: z.number().nonnegative(),
};
const modelCall = {
  /** Numbers the model calls of a trace from 1; `null` for wire traffic outside a recorded call. */
  call: z.number().int().positive().nullable(),
  provider: z.string(),
  model: z.string(),
  /** 1 for the first HTTP request of the call, 2 for the SDK's first retry, … */
  attempt: z.number().int().positive(),
  /** The gateway request (its `x-request-id`) the call was made for; absent outside the gateway. */
  requestId: z.string().optional(),
};
// Who asked the gateway, in what format, and with which key (its name only).
const gatewayExchange = {
  requestId: z.string(),
  route: z.string().optional(),
  format: z.string().optional(),
  key: z.string().optional(),
};
const headers = z.record(z.string(), z.string());

/**
 * The zod schema of one line of a trace file (`--trace-file`, {@link createTraceRecorder}): a
 * JSON object per line, discriminated by `type`. See `docs/trace.md` for each field.
 */
export const traceLineSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('trace-start'), source: z.string(), version: z.string() }),
  z.object({
    ...base,
    type: z.literal('mcp'),
    server: z.string(),
    direction: z.enum(['send', 'receive']),
    /** The JSON-RPC frame as it went over the wire. */
    message: json,
  }),
  z.object({
    ...base,
    type: z.literal('model-request'),
    ...modelCall,
    /** The IR request the codec encoded (on the first attempt). */
    ir: json.optional(),
    /** The HTTP request as sent, credentials redacted; absent for a model that made no HTTP request. */
    wire: z
      .object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: json })
      .optional(),
  }),
  z.object({
    ...base,
    type: z.literal('model-response'),
    ...modelCall,
    durationMs: z.number().nonnegative(),
    /** The HTTP response: a JSON `body`, or a stream's `events` (each SSE event's data) in order. */
    wire: z.object({ status: z.number(), body: json.optional(), events: z.array(json).optional() }).optional(),
    /** The IR response the codec decoded (a stream folded into one). */
    ir: json.optional(),
    usage: usage.optional(),
    cost: cost.optional(),
    warnings: z.array(warning),
    error: problem.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('gateway-request'),
    ...gatewayExchange,
    method: z.string(),
    path: z.string(),
    /** The client's headers, credentials redacted. */
    headers,
    /** The body as the client sent it (parsed JSON, or the text). */
    body: json,
  }),
  z.object({
    ...base,
    type: z.literal('gateway-response'),
    ...gatewayExchange,
    status: z.number(),
    model: z.string().optional(),
    backend: z.string().optional(),
    fallback: z.string().optional(),
    stream: z.boolean(),
    durationMs: z.number().nonnegative(),
    /** The JSON body as written to the client, or a stream's `events` (each SSE event's data) in order. */
    body: json.optional(),
    events: z.array(json).optional(),
    usage: usage.optional(),
    /** The call's cost in USD, or `'unknown'` when the backend has no known price. */
    costUsd: z.union([z.number(), z.literal('unknown')]).optional(),
    warnings: z.array(warning),
    error: problem.optional(),
    /** True when the client left before the answer was complete. */
    aborted: z.boolean().optional(),
  }),
  z.object({ ...base, type: z.literal('tool-call'), step: z.number().int().nonnegative(), toolCall: json }),
  z.object({
    ...base,
    type: z.literal('tool-result'),
    step: z.number().int().nonnegative(),
    toolCallId: z.string(),
    toolName: z.string(),
    isError: z.boolean(),
    result: json,
    error: problem.optional(),
    durationMs: z.number().nonnegative(),
  }),
  z.object({
    ...base,
    type: z.literal('run-finish'),
    finishReason: z.string(),
    steps: z.number().int().nonnegative(),
    usage,
    cost,
    warnings: z.array(warning),
  }),
]);

/** One line of a trace file. */
export type TraceLine = z.infer<typeof traceLineSchema>;

/** The `type` of a trace line. */
export type TraceLineType = TraceLine['type'];
