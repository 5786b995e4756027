import type { LeanFailure } from '@interlingua/core/adapter';
import { bedrockErrorType } from './bedrock-retry-policy';

// What the AWS SDK appends to the message of a body it could not parse.
const DESERIALIZATION_HINT =
  '\n  Deserialization error: to see the raw response, inspect the hidden field {error}.$response on this object.';
// The members of Bedrock's modeled exceptions that `mapBedrockError` keeps in `responseBody`.
const EXCEPTION_MEMBERS = ['originalStatusCode', 'originalMessage', 'resourceName'] as const;

/**
 * The error `@aws-sdk/client-bedrock-runtime` throws for the same failure, built from what the
 * lean transport saw, so that `mapBedrockError` turns both transports' failures into the same
 * typed error. An error answer is read as the SDK's restJson1 deserializer reads it: the
 * exception's name from `x-amzn-errortype`, else the body's `code` or `__type` (without its
 * namespace), else `Unknown`; the message from the body's `message` or `Message`, else
 * `UnknownError`; `$metadata.httpStatusCode`; the modeled members (`originalStatusCode`,
 * `originalMessage`, `resourceName`). A body that is not JSON is the SDK's `SyntaxError`.
 */
export function toBedrockSdkError(failure: LeanFailure): unknown {
  switch (failure.type) {
    case 'status':
      return statusError(failure.status, (name) => failure.headers.get(name), failure.text);
    case 'connection':
      return failure.error;
    case 'timeout':
      return Object.assign(new Error('The request timed out.'), { name: 'TimeoutError' });
    case 'abort':
      return Object.assign(new Error('Request aborted'), { name: 'AbortError', cause: failure.error });
    case 'body':
      // A 2xx body that is not JSON: the SDK's deserializer fails the same way.
      return failure.error instanceof SyntaxError ? unparsable(failure.error, 200) : failure.error;
    default: {
      const unexpected: never = failure;
      return unexpected;
    }
  }
}

function statusError(status: number, header: (name: string) => string | null, text: string): Error {
  let body: unknown = {};
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch (error) {
      return unparsable(error as SyntaxError, status);
    }
  }
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const name = bedrockErrorType(header) ?? bodyType(record) ?? 'Unknown';
  const message = own(record, 'message') ?? own(record, 'Message') ?? 'UnknownError';
  const error = Object.assign(new Error(), {
    name,
    message,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status },
  });
  for (const member of EXCEPTION_MEMBERS) {
    const value = own(record, member);
    if (value !== undefined) Object.assign(error, { [member]: value });
  }
  return error;
}

// `com.amazon.bedrock#ThrottlingException:http://…` → `ThrottlingException`, as the SDK sanitizes it.
function bodyType(record: Record<string, unknown>): string | undefined {
  const raw = own(record, 'code') ?? own(record, '__type');
  if (typeof raw !== 'string' || raw === '') return undefined;
  return raw.split(':')[0]?.split('#').at(-1);
}

function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function unparsable(error: SyntaxError, status: number): Error {
  return Object.assign(new SyntaxError(`${error.message}${DESERIALIZATION_HINT}`), {
    $metadata: { httpStatusCode: status },
  });
}
