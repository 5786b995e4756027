import type { McpAuditLine } from './mcp-audit-line';
import { callerMayUseServer, callerMayUseTool, type McpCaller, matchesToolPatterns } from './mcp-caller';

/** A request the audit log records, as read from a JSON-RPC message before the aggregator sees it. */
export type AuditedCall = { method: McpAuditLine['method']; name: string; args: unknown; id: unknown };

/** Where a served name leads: its server (`undefined`: none, or a tool of the host's own), and how names are served. */
export type ResolvedCall = { server: string | undefined; prefixed: boolean };

/** A JSON-RPC error response with an HTTP status, as the SDK's own transport answers. */
export function jsonRpcError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code = -32000,
  id: unknown = null,
): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The JSON of a request body, or `undefined` (empty or not JSON: the SDK answers those). */
export function parseMessage(body: Buffer): unknown {
  try {
    return body.length === 0 ? undefined : JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The id of a single JSON-RPC request (string or number), else `null`: what an error body answers to. */
export function idOf(message: unknown): string | number | null {
  const id = record(message)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** `value` as a JSON object (not an array), or `undefined`. */
export function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The `tools/call`, `resources/read` and `prompts/get` requests of a message (a batch has several). */
export function auditedCallsOf(message: unknown): AuditedCall[] {
  const calls: AuditedCall[] = [];
  for (const item of Array.isArray(message) ? message : [message]) {
    const params = record(record(item)?.params);
    const method = record(item)?.method;
    // The id goes back in a refusal's body.
    const id = idOf(item);
    if (params === undefined) continue;
    if ((method === 'tools/call' || method === 'prompts/get') && typeof params.name === 'string') {
      calls.push({ method, name: params.name, args: params.arguments, id });
    } else if (method === 'resources/read' && typeof params.uri === 'string') {
      calls.push({ method, name: params.uri, args: undefined, id });
    }
  }
  return calls;
}

/**
 * Why `caller` may not make `call`, or `undefined` when it may (or when only the aggregator can
 * tell: `resolved` is `undefined` without a bridge, then only the `tools` patterns are checked here).
 * The reason names what was asked for and nothing the caller may not see.
 */
export function deniedCall(
  caller: McpCaller,
  call: AuditedCall,
  resolved: ResolvedCall | undefined,
): string | undefined {
  const restricted = caller.servers !== undefined || caller.tools !== undefined;
  if (!restricted) return undefined;
  const refusal = `Forbidden: this key may not use \`${call.name}\`.`;
  if (call.method === 'tools/call') {
    if (resolved === undefined) {
      return caller.tools === undefined || matchesToolPatterns(caller.tools, call.name) ? undefined : refusal;
    }
    return callerMayUseTool(caller, call.name, resolved.server) ? undefined : refusal;
  }
  if (resolved === undefined) return undefined;
  return resolved.server !== undefined && callerMayUseServer(caller, resolved.server, resolved.prefixed)
    ? undefined
    : refusal;
}
