import { APICallError } from '@interlingua/core';

// The exceptions worth retrying, by name (throttling, server faults, models not ready yet).
const RETRYABLE =
  /^(ThrottlingException|ServiceUnavailableException|InternalServerException|ModelNotReadyException|ModelTimeoutException)$/;

/**
 * Recognizes the body Bedrock sends instead of an answer — `{ "message": "…" }`, with the
 * exception's name in `__type` when the body carries it (restJson1; the name is otherwise in the
 * `x-amzn-errortype` header) — and turns it into the `APICallError` it describes. Anything else,
 * including a body that also has `output`, is `undefined`.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/CommonErrors.html
 */
export function readBedrockErrorBody(body: unknown): APICallError | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || Object.hasOwn(body, 'output'))
    return undefined;
  const record = body as Record<string, unknown>;
  const message = Object.hasOwn(record, 'message')
    ? record.message
    : Object.hasOwn(record, 'Message')
      ? record.Message
      : undefined;
  if (typeof message !== 'string') return undefined;
  // `__type` may be namespaced: `com.amazon.bedrock#ThrottlingException` or `ThrottlingException:http://…`.
  const rawType = Object.hasOwn(record, '__type') ? record.__type : undefined;
  const type = typeof rawType === 'string' ? rawType.split('#').at(-1)?.split(':')[0] : undefined;
  return new APICallError({
    message,
    ...(type === undefined || type === '' ? {} : { providerErrorType: type }),
    isRetryable: type !== undefined && RETRYABLE.test(type),
    responseBody: body,
  });
}
