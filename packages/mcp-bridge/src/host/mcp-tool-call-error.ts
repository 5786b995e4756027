import { ToolExecutionError } from '@interlingua/core';

/**
 * Why a `tools/call` produced no tool result. The server refused the request (`rpc-error`:
 * unknown tool, invalid params, …), the bridge had no live connection (`server-unavailable`),
 * the tool is no longer offered (`no-such-tool`), the arguments were not an object
 * (`invalid-arguments`), no answer came in time (`timeout`), the connection died while waiting
 * (`connection-closed`), the caller aborted (`aborted`), the answer was larger than `maxMessageBytes`
 * (`result-too-large`: the tool ran, its result was dropped, the server is still connected), or the
 * transport failed (`transport-error`).
 * After `timeout`, `connection-closed` and `aborted` the server may have started the work.
 */
export type McpToolCallFailure =
  | 'rpc-error'
  | 'server-unavailable'
  | 'no-such-tool'
  | 'invalid-arguments'
  | 'timeout'
  | 'connection-closed'
  | 'aborted'
  | 'result-too-large'
  | 'transport-error';

/**
 * A tool call through the bridge that never produced a tool result: the `cause` of the error
 * `ToolOutput` the bridge returns, so the host can tell it from a tool that ran and reported
 * `isError: true` (which has no `cause`). Its code is `TOOL_EXECUTION_ERROR`.
 */
export class McpToolCallError extends ToolExecutionError {
  /** The server's name in the config. */
  readonly server: string;
  /** The tool's original name on the server. */
  readonly tool: string;
  /** What went wrong. */
  readonly reason: McpToolCallFailure;
  /** The JSON-RPC error code, for `rpc-error`, `timeout` and `connection-closed`. */
  readonly rpcCode: number | undefined;

  constructor(options: {
    message: string;
    server: string;
    tool: string;
    reason: McpToolCallFailure;
    rpcCode?: number;
    cause?: unknown;
  }) {
    super({ message: options.message, cause: options.cause });
    this.name = 'McpToolCallError';
    this.server = options.server;
    this.tool = options.tool;
    this.reason = options.reason;
    this.rpcCode = options.rpcCode;
  }

  /** True for an `McpToolCallError` from any copy of this package. */
  static override isInstance(error: unknown): error is McpToolCallError {
    return ToolExecutionError.isInstance(error) && (error as { name?: unknown }).name === 'McpToolCallError';
  }
}
