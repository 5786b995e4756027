import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { formatBytes } from '../transports/format-bytes';
import { McpToolCallError } from './mcp-tool-call-error';

// The codes the 1.x SDK gave these two failures, kept on `rpcCode` so hosts that read them still can.
const LEGACY_TIMEOUT_CODE = -32001;
const LEGACY_CONNECTION_CLOSED_CODE = -32000;

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
  if (SdkError.isInstance(error)) {
    if (error.code === SdkErrorCode.RequestTimeout) {
      return new McpToolCallError({
        ...base,
        reason: 'timeout',
        rpcCode: LEGACY_TIMEOUT_CODE,
        message: `${what} did not answer within ${call.timeout} ms.`,
      });
    }
    if (error.code === SdkErrorCode.ConnectionClosed) {
      return new McpToolCallError({
        ...base,
        reason: 'connection-closed',
        rpcCode: LEGACY_CONNECTION_CLOSED_CODE,
        message: `${what} did not answer: the server's connection closed during the call.`,
      });
    }
  }
  if (ProtocolError.isInstance(error)) {
    const data = error.data as { interlingua?: unknown; bytes?: unknown; limit?: unknown } | undefined;
    if (data?.interlingua === 'message-too-large' && typeof data.bytes === 'number' && typeof data.limit === 'number') {
      return new McpToolCallError({
        ...base,
        reason: 'result-too-large',
        message: `${what} answered with ${formatBytes(data.bytes)}, more than the ${formatBytes(data.limit)} one message may have (the bridge's \`maxMessageBytes\`): the result was dropped; the server is still connected. Ask for less, or raise \`maxMessageBytes\`.`,
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
