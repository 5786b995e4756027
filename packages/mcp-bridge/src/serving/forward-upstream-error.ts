import { InvalidSettingError } from '@interlingua/core';
import { ProtocolError } from '@modelcontextprotocol/server';
import { McpToolCallError } from '../host/mcp-tool-call-error';

/**
 * An upstream failure as the aggregator's client sees it: a JSON-RPC error keeps its code and data
 * (and its message, or the bridge's, which names the tool); a server that is not there is `-32603`
 * with the bridge's reason.
 */
export function forwardUpstreamError(error: unknown): Error {
  if (ProtocolError.isInstance(error)) return error;
  if (McpToolCallError.isInstance(error)) {
    if (error.reason === 'no-such-tool') return new ProtocolError(-32602, error.message);
    // The upstream's `data` too: a client reads -32021's `requiredCapabilities` from it, for one.
    if (error.reason === 'rpc-error' && error.rpcCode !== undefined)
      return new ProtocolError(
        error.rpcCode,
        error.message,
        ProtocolError.isInstance(error.cause) ? error.cause.data : undefined,
      );
    return new ProtocolError(-32603, error.message);
  }
  if (error instanceof InvalidSettingError) return new ProtocolError(-32603, error.message);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && Number.isInteger(code)) {
    const message = error instanceof Error ? error.message.replace(/^MCP error -?\d+: /, '') : String(error);
    return new ProtocolError(code, message, (error as { data?: unknown }).data);
  }
  return error instanceof Error ? error : new Error(String(error));
}
