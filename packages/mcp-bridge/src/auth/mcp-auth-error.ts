import { InvalidSettingError } from '@interlingua/core';

/**
 * Why a remote server's OAuth did not give a token: no login stored (`login-required`), the
 * authorization server refused the refresh token (`refresh-refused`: revoked or expired — log in
 * again), the login itself failed (`login-failed`: denied in the browser, timed out, a bad
 * answer from the authorization server, an `iss` that is not the expected issuer), or the server
 * answered 403 `insufficient_scope` and no login hook could ask for more (`insufficient-scope`:
 * log in again with the scopes in {@link McpAuthError.scope}).
 */
export type McpAuthFailure = 'login-required' | 'refresh-refused' | 'login-failed' | 'insufficient-scope';

/**
 * An MCP server that needs an OAuth login the bridge does not have. Its message says how to log
 * in; it never holds a token. Its code is `INVALID_SETTING`.
 */
export class McpAuthError extends InvalidSettingError {
  /** The server's name in the config. */
  readonly server: string;
  readonly reason: McpAuthFailure;
  /** For `insufficient-scope`: the scopes to log in with (what was granted plus what the server asked for). */
  readonly scope: string | undefined;

  constructor(options: { message: string; server: string; reason: McpAuthFailure; cause?: unknown; scope?: string }) {
    super({ message: options.message, cause: options.cause });
    this.name = 'McpAuthError';
    this.server = options.server;
    this.reason = options.reason;
    this.scope = options.scope;
  }

  /** True for an `McpAuthError` from any copy of this package. */
  static override isInstance(error: unknown): error is McpAuthError {
    return InvalidSettingError.isInstance(error) && (error as { name?: unknown }).name === 'McpAuthError';
  }
}
