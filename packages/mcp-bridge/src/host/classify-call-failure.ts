import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { formatBytes } from '../transports/format-bytes';
import { McpToolCallError } from './mcp-tool-call-error';

/**
 * Turns what a failed `tools/call` threw into an {@link McpToolCallError} with the reason:
 * the caller's abort, a timeout, a connection that died while waiting, a JSON-RPC error from
 * the server, or a transport failure. The original error is kept as `cause`.
 */
export function classifyCallFailure(
  error: unknown,
  call: { server: string; tool: string; timeout: number; signal: AbortSignal | undefined },
): McpToolCallError {
  const base = { server: call.server, tool: call.tool, cause: error };
  const what = `Tool \`${call.tool}\` of MCP server \`${call.server}\``;
  const detail = error instanceof Error ? error.message : String(error);
  // The SDK reports an abort as a timeout; the signal tells them apart.
  if (call.signal?.aborted === true) {
    return new McpToolCallError({ ...base, reason: 'aborted', message: `${what} was aborted before it answered.` });
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return new McpToolCallError({
        ...base,
        reason: 'timeout',
        rpcCode: error.code,
        message: `${what} did not answer within ${call.timeout} ms.`,
      });
    }
    const data = error.data as { interlingua?: unknown; bytes?: unknown; limit?: unknown } | undefined;
    if (data?.interlingua === 'message-too-large' && typeof data.bytes === 'number' && typeof data.limit === 'number') {
      return new McpToolCallError({
        ...base,
        reason: 'result-too-large',
        message: `${what} answered with ${formatBytes(data.bytes)}, more than the ${formatBytes(data.limit)} one message may have (the bridge's \`maxMessageBytes\`): the result was dropped; the server is still connected. Ask for less, or raise \`maxMessageBytes\`.`,
      });
    }
    if (error.code === ErrorCode.ConnectionClosed && /Connection closed/.test(error.message)) {
      return new McpToolCallError({
        ...base,
        reason: 'connection-closed',
        rpcCode: error.code,
        message: `${what} did not answer: the server's connection closed during the call.`,
      });
    }
    return new McpToolCallError({
      ...base,
      reason: 'rpc-error',
      rpcCode: error.code,
      message: `${what} was rejected by the server: ${detail}`,
    });
  }
  return new McpToolCallError({ ...base, reason: 'transport-error', message: `${what} could not be sent: ${detail}` });
}
