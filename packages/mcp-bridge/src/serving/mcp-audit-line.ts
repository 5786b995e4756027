import type { McpCaller } from './mcp-caller';

/**
 * One line of the aggregator's audit log: one per `tools/call`, `resources/read` and `prompts/get`
 * (`tool` holds the tool's, the resource's or the prompt's served name), and one per resource a
 * 2026-07-28 `subscriptions/listen` names that the key may not read (`denied`, `tool` the URI).
 * Never a key or a token; `arguments` only when the endpoint was told to log them.
 */
export type McpAuditLine = {
  /** ISO 8601, when the request arrived. */
  time: string;
  /** The key's name; `undefined` (left out of the JSON) for an anonymous caller. */
  key: string | undefined;
  /** The upstream server, when the name resolves to one. */
  server: string | undefined;
  /** The served name the client asked for. */
  tool: string;
  method: 'tools/call' | 'resources/read' | 'prompts/get' | 'subscriptions/listen';
  durationMs: number;
  /** `error`: the call failed or the tool answered `isError`; `denied`: the key may not use it; `rate_limited`: over the key's rate. */
  outcome: 'ok' | 'error' | 'denied' | 'rate_limited';
  /** Why, for `error` (a JSON-RPC error's message), `denied` and `rate_limited`. */
  error?: string;
  /** The request's arguments, only with `logArguments: true`. */
  arguments?: unknown;
};

/** Where audit lines go, and whether they carry arguments. */
export type McpAuditOptions = {
  audit?: (line: McpAuditLine) => void;
  logArguments?: boolean;
};

/** The audit line of a request refused before it reached the aggregator. */
export function refusedLine(
  caller: McpCaller,
  call: { method: McpAuditLine['method']; name: string; server: string | undefined; args: unknown },
  outcome: 'denied' | 'rate_limited',
  error: string,
  logArguments: boolean | undefined,
): McpAuditLine {
  return {
    time: new Date().toISOString(),
    key: caller.name,
    server: call.server,
    tool: call.name,
    method: call.method,
    durationMs: 0,
    outcome,
    error,
    ...(logArguments === true && call.args !== undefined ? { arguments: call.args } : {}),
  };
}

/**
 * Runs one audited request and writes its line: `ok`, or `error` when it throws (the error's
 * message) or resolves to a tool result with `isError`. An audit callback that throws is ignored:
 * a broken log must not fail the call.
 */
export async function audited<T>(
  options: McpAuditOptions,
  caller: McpCaller,
  call: { method: McpAuditLine['method']; name: string; server: string | undefined; args: unknown },
  run: () => Promise<T>,
): Promise<T> {
  if (options.audit === undefined) return run();
  const started = performance.now();
  const time = new Date().toISOString();
  const write = (outcome: 'ok' | 'error', error?: string) => {
    try {
      options.audit?.({
        time,
        key: caller.name,
        server: call.server,
        tool: call.name,
        method: call.method,
        durationMs: Math.round(performance.now() - started),
        outcome,
        ...(error === undefined ? {} : { error }),
        ...(options.logArguments === true && call.args !== undefined ? { arguments: call.args } : {}),
      });
    } catch {
      // The audit sink's own failure is not the caller's.
    }
  };
  try {
    const result = await run();
    const isError = (result as { isError?: unknown } | null)?.isError === true;
    write(isError ? 'error' : 'ok', isError ? 'the tool answered isError' : undefined);
    return result;
  } catch (error) {
    write('error', error instanceof Error ? error.message : String(error));
    throw error;
  }
}
