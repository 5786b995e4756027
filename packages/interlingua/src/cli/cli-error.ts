import {
  APICallError,
  InterlinguaError,
  InvalidModelIdError,
  InvalidRequestError,
  InvalidSettingError,
  NoSuchProviderError,
} from '@interlingua/core';

/** Exit code of a failure while running: the provider answered with an error, a call could not be made. */
export const EXIT_FAILURE = 1;
/** Exit code of a problem with the command or its input: bad options, unknown provider, missing key, bad mcp.json. */
export const EXIT_USAGE = 2;

/** An error the CLI prints as one line plus a hint, then exits with `exitCode`. */
export class CliError extends Error {
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(message: string, options: { hint?: string; exitCode?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? EXIT_USAGE;
  }
}

/** Turns anything thrown into a `CliError` with a hint that says what to do next. */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  const file = fileError(error);
  if (file !== undefined) return file;
  if (NoSuchProviderError.isInstance(error)) {
    const nearest = error.suggestion === undefined ? '' : ` Did you mean "${error.suggestion}"?`;
    return new CliError(`Unknown provider "${error.providerId}".${nearest}`, {
      hint: `Use one of: ${error.availableProviders.join(', ')} (as --model provider:model).`,
      cause: error,
    });
  }
  if (InvalidModelIdError.isInstance(error)) {
    return new CliError(error.message, { hint: 'For example --model anthropic:claude-sonnet-4-6.', cause: error });
  }
  if (InvalidSettingError.isInstance(error)) {
    return new CliError(error.message, {
      hint: 'Set the variable, or pass --offline to use the built-in demo model.',
      cause: error,
    });
  }
  if (InvalidRequestError.isInstance(error)) {
    return new CliError(error.message, {
      hint: 'Check that the input is a request body of the --from format.',
      cause: error,
    });
  }
  if (APICallError.isInstance(error) && error.statusCode === undefined && error.providerErrorType !== undefined) {
    // An error event inside a stream that had started (Anthropic's overloaded_error): the provider was reached.
    return new CliError(`The provider reported ${error.providerErrorType}: ${error.message}`, {
      hint: error.isRetryable ? 'The provider is having trouble: retry later.' : apiHint(undefined, undefined),
      exitCode: EXIT_FAILURE,
      cause: error,
    });
  }
  if (APICallError.isInstance(error) && error.statusCode === undefined) {
    return new CliError(`Could not reach the provider: ${error.message}`, {
      hint: 'Check the base URL and that the server is running (run with --trace to see the request).',
      exitCode: EXIT_FAILURE,
      cause: error,
    });
  }
  if (APICallError.isInstance(error)) {
    return new CliError(`The provider answered ${error.statusCode}: ${error.message}`, {
      hint: apiHint(error.statusCode, error.retryAfterSeconds),
      exitCode: EXIT_FAILURE,
      cause: error,
    });
  }
  if (InterlinguaError.isInstance(error)) return new CliError(error.message, { exitCode: EXIT_FAILURE, cause: error });
  if (error instanceof Error) return new CliError(error.message, { exitCode: EXIT_FAILURE, cause: error });
  return new CliError(String(error), { exitCode: EXIT_FAILURE });
}

function apiHint(status: number | undefined, retryAfterSeconds: number | undefined): string {
  if (status === 401 || status === 403) return 'Check the API key in the environment.';
  if (status === 404) return 'Check the model id and the base URL.';
  if (status === 429) {
    return retryAfterSeconds === undefined
      ? 'Rate limited: wait and retry, or lower the request rate.'
      : `Rate limited: the provider asks to wait ${Math.ceil(retryAfterSeconds)} s before retrying.`;
  }
  if (status !== undefined && status >= 500) return 'The provider is having trouble: retry later.';
  return 'Run with --trace to see the request that was sent.';
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  EROFS: 'the file system is read-only',
};

// A file the user named (a --trace-file in a missing folder, an unreadable config) is an input problem: exit 2.
function fileError(error: unknown): CliError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, path, syscall } = error as { code?: unknown; path?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || typeof path !== 'string' || !Object.hasOwn(FILE_PROBLEMS, code)) return undefined;
  if (typeof syscall !== 'string' || !['open', 'mkdir', 'scandir', 'stat', 'lstat', 'access'].includes(syscall)) {
    return undefined;
  }
  return new CliError(`Cannot open ${path}: ${FILE_PROBLEMS[code]}.`, {
    hint: 'Check the path: a file to write needs an existing folder you may write to.',
    exitCode: EXIT_USAGE,
    cause: error,
  });
}
