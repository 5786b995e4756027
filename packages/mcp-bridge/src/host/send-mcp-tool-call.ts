import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type Client,
  type ClientCapabilities,
  type InputRequiredResult,
  type Progress,
  type RequestOptions,
} from '@modelcontextprotocol/client';

/**
 * One round of a downstream client's 2026-07-28 multi-round-trip request, passed on to a server
 * spoken to in that era: the client's answers and the server's own `requestState` go on the
 * request, and the client's capabilities replace the bridge's in its `_meta`, so the server asks
 * only what the client behind the bridge can answer.
 */
export type McpInputRound = {
  /** The client's answers, keyed as the server keyed its `inputRequests`. */
  inputResponses?: Record<string, unknown> | undefined;
  /** The `requestState` of the server's last `input_required` result, echoed byte for byte. */
  requestState?: string | undefined;
  /** The capabilities of the client the request comes from. */
  clientCapabilities?: ClientCapabilities | undefined;
};

/** What a connection's `callTool` may add to a call. */
export type McpToolCallExtras = {
  /** Receives the server's progress; the request carries a progress token of the bridge's. */
  onProgress?: ((progress: Progress) => void) | undefined;
  /** The W3C trace context of the call's span (2026-07-28 `_meta`). */
  traceContext?: Record<string, string> | undefined;
  input?: McpInputRound | undefined;
};

/** What {@link sendMcpToolCall} sends. */
export type McpToolCallRequest = {
  name: string;
  args: Record<string, unknown>;
  options: RequestOptions;
  /** The era's `_meta` (log level, trace context) and the progress token, if any. */
  meta: Record<string, unknown> | undefined;
  /** Passed on as it is, and an `input_required` result handed back; modern era only. */
  input?: McpInputRound | undefined;
};

/**
 * Sends one `tools/call`. Without `input`, through the SDK's `callTool` (output schema checked;
 * in the 2026-07-28 era an `input_required` result is answered by the client's own handlers).
 * With `input`, as a plain request that hands an `input_required` result back untouched — its keys
 * and `requestState` are the server's, for the client it belongs to — and leaves the output schema
 * to that client, which sees the final result.
 */
export function sendMcpToolCall(
  client: Client,
  request: McpToolCallRequest,
): Promise<CallToolResult | InputRequiredResult> {
  const { name, args, options, meta, input } = request;
  if (input === undefined) {
    return client.callTool({ name, arguments: args, ...(meta === undefined ? {} : { _meta: meta }) }, options);
  }
  const params = withInputRound({ name, arguments: args, ...(meta === undefined ? {} : { _meta: meta }) }, input);
  return client.request({ method: 'tools/call', params } as never, {
    ...options,
    allowInputRequired: true,
  }) as Promise<CallToolResult | InputRequiredResult>;
}

/**
 * A request's params with a client's input round added: its answers and `requestState`, and its
 * capabilities in `_meta` (they win over the ones the SDK adds for the bridge itself).
 */
export function withInputRound(params: Record<string, unknown>, input: McpInputRound): Record<string, unknown> {
  const meta = params._meta as Record<string, unknown> | undefined;
  return {
    ...params,
    ...(input.clientCapabilities === undefined
      ? {}
      : { _meta: { ...meta, [CLIENT_CAPABILITIES_META_KEY]: input.clientCapabilities } }),
    ...(input.inputResponses === undefined ? {} : { inputResponses: input.inputResponses }),
    ...(input.requestState === undefined ? {} : { requestState: input.requestState }),
  };
}
