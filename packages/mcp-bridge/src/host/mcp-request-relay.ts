/** A request an upstream server sends its client, as the relay receives it. */
export type McpUpstreamRequest = {
  method: 'sampling/createMessage' | 'elicitation/create' | 'roots/list';
  params: Record<string, unknown> | undefined;
};

/**
 * Answers servers' `sampling/createMessage`, `elicitation/create` and `roots/list` by passing them
 * on as they are — to the client of an aggregator (`createMcpRequestRelay`) — instead of answering
 * them with the host's own hooks. Resolves with the result to send back; a rejection with a JSON-RPC
 * error keeps its code.
 */
export type McpRequestRelay = (
  server: string,
  request: McpUpstreamRequest,
  signal: AbortSignal,
) => Promise<Record<string, unknown>>;
