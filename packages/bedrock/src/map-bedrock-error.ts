import { AbortedError, APICallError, InterlinguaError, InvalidSettingError } from '@interlingua/core';
import { redactError } from '@interlingua/core/adapter';

/** Why a call stopped, when it was aborted: the caller's signal, or the timeout. */
export type BedrockAbortContext = {
  signal?: AbortSignal | undefined;
  timedOut?: boolean | undefined;
  timeoutMs?: number | undefined;
};

// Exceptions worth retrying, by name, beside the HTTP status rule (429, 5xx).
const RETRYABLE = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'InternalServerException',
  'ModelNotReadyException',
  'ModelTimeoutException',
  'ModelStreamErrorException',
]);

/**
 * Turns what `@aws-sdk/client-bedrock-runtime` threw into an Interlingua error, keeping it as
 * `cause`: a service exception (`ThrottlingException`, `ValidationException`,
 * `AccessDeniedException`, `ResourceNotFoundException`, `ModelErrorException`, …) becomes an
 * `APICallError` with Bedrock's own message, `statusCode`, `providerErrorType` (the exception
 * name) and `isRetryable` (429, 5xx, throttling, timeouts, models not ready); the caller's abort
 * an `AbortedError`, our timeout a retryable `APICallError`; missing credentials or region an
 * `InvalidSettingError` naming what to set; any other failure (connection refused, reset) a
 * retryable `APICallError`. The result passes through `redactError`, so no URL credentials,
 * key-shaped values or `secrets` (the API key, the secret access key) survive in it or its causes.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html#API_runtime_Converse_Errors
 */
export function mapBedrockError(
  error: unknown,
  context: BedrockAbortContext = {},
  secrets: readonly (string | null | undefined)[] = [],
): Error {
  // No URL credentials, key-shaped values or known secrets (a Bedrock API key has no shape of its own) in the error or its causes.
  return redactError(toCoreError(error, context), secrets);
}

function toCoreError(error: unknown, context: BedrockAbortContext): Error {
  if (InterlinguaError.isInstance(error)) return error;
  if (context.signal?.aborted === true)
    return new AbortedError({ message: 'The Bedrock call was aborted by its AbortSignal.', cause: error });
  if (context.timedOut === true)
    return new APICallError({
      message: `Bedrock did not answer within ${context.timeoutMs ?? '?'} ms (the timeout setting).`,
      isRetryable: true,
      cause: error,
    });
  const name = error instanceof Error ? error.name : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const metadata = (error as { $metadata?: { httpStatusCode?: unknown } } | undefined)?.$metadata;
  const status = typeof metadata?.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
  // A 2xx the SDK could not deserialize (a body cut or not JSON): worth another try, as a dropped answer is.
  if (status !== undefined && status >= 200 && status < 300)
    return new APICallError({
      message: `Bedrock answered ${status} with a body that could not be read: ${message}`,
      isRetryable: true,
      cause: error,
    });
  if (status !== undefined && name !== undefined) {
    const extra = error as { originalStatusCode?: unknown; originalMessage?: unknown; resourceName?: unknown };
    return new APICallError({
      message,
      statusCode: status,
      providerErrorType: name,
      isRetryable: RETRYABLE.has(name) || status === 429 || status >= 500,
      responseBody: {
        message,
        ...(extra.originalStatusCode === undefined ? {} : { originalStatusCode: extra.originalStatusCode }),
        ...(extra.originalMessage === undefined ? {} : { originalMessage: extra.originalMessage }),
        ...(extra.resourceName === undefined ? {} : { resourceName: extra.resourceName }),
      },
      cause: error,
    });
  }
  if (name === 'CredentialsProviderError')
    return new InvalidSettingError({
      message: `Expected AWS credentials (the credentials or apiKey setting, AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, AWS_BEARER_TOKEN_BEDROCK, a profile or a role), found none: ${message}`,
      cause: error,
    });
  if (/region is missing|`region` to be configured/i.test(message))
    return new InvalidSettingError({
      message: 'Expected an AWS region in the region setting or AWS_REGION (or AWS_DEFAULT_REGION), got none.',
      cause: error,
    });
  if (name === 'AbortError') return new AbortedError({ message: 'The Bedrock call was aborted.', cause: error });
  return new APICallError({ message: `Bedrock call failed: ${message}`, isRetryable: true, cause: error });
}
