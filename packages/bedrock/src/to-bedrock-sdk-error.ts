import type { LeanErrorFactory } from '@interlingua/core/adapter';
import { bedrockErrorType } from './bedrock-retry-policy';

// What the AWS SDK appends to the message of a body it could not parse.
const DESERIALIZATION_HINT =
  '\n  Deserialization error: to see the raw response, inspect the hidden field {error}.$response on this object.';
// The members of Bedrock's modeled exceptions that `mapBedrockError` keeps in `responseBody`.
const EXCEPTION_MEMBERS = ['originalStatusCode', 'originalMessage', 'resourceName'] as const;

/**
 * The errors `@aws-sdk/client-bedrock-runtime` throws for the failures the lean transport sees,
 * so that `mapBedrockError` turns both transports' failures into the same typed error. An error
 * answer is read as the SDK's restJson1 deserializer reads it: the exception's name from
 * `x-amzn-errortype`, else the body's `code` or `__type` (without its namespace), else `Unknown`;
 * the message from the body's `message` or `Message`, else `UnknownError`;
 * `$metadata.httpStatusCode`; the modeled members (`originalStatusCode`, `originalMessage`,
 * `resourceName`). A body that is not JSON is the SDK's `SyntaxError`.
 */
export const bedrockErrorFactory: LeanErrorFactory = {
  status: (status, text, headers) => statusError(status, (name) => headers.get(name), text),
  connection: (cause) => cause,
  timeout: () => Object.assign(new Error('The request timed out.'), { name: 'TimeoutError' }),
  abort: (cause) => Object.assign(new Error('Request aborted'), { name: 'AbortError', cause }),
};

/**
 * What the SDK throws when a 2xx body could not be read: a body that is not JSON is its
 * deserializer's `SyntaxError` (with the status), anything else (a cut connection) as it is.
 */
export function toBedrockBodyError(error: unknown): unknown {
  const deserialized = error instanceof SyntaxError && !Object.hasOwn(error, '$metadata');
  return deserialized ? unparsable(error, 200) : error;
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
