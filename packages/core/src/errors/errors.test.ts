import { describe, expect, it } from 'vitest';
import { AbortedError } from './aborted-error';
import { APICallError, isRetryableStatus } from './api-call-error';
import { ERROR_CODES } from './error-codes';
import { InterlinguaError } from './interlingua-error';
import { InvalidModelIdError } from './invalid-model-id-error';
import { InvalidRequestError } from './invalid-request-error';
import { InvalidResponseError } from './invalid-response-error';
import { InvalidSettingError } from './invalid-setting-error';
import { InvalidToolArgumentsError } from './invalid-tool-arguments-error';
import { NoSuchProviderError } from './no-such-provider-error';
import { NoSuchToolError } from './no-such-tool-error';
import { SchemaConversionError } from './schema-conversion-error';
import { ToolExecutionError } from './tool-execution-error';
import { UnsupportedFunctionalityError } from './unsupported-functionality-error';

describe('errors', () => {
  it('pins the error codes', () => {
    expect(Object.values(ERROR_CODES)).toMatchInlineSnapshot(`
      [
        "API_CALL_ERROR",
        "INVALID_RESPONSE",
        "INVALID_REQUEST",
        "UNSUPPORTED_FUNCTIONALITY",
        "INVALID_TOOL_ARGUMENTS",
        "NO_SUCH_TOOL",
        "TOOL_EXECUTION_ERROR",
        "SCHEMA_CONVERSION_ERROR",
        "NO_SUCH_PROVIDER",
        "INVALID_MODEL_ID",
        "INVALID_SETTING",
        "ABORTED",
        "NO_OBJECT_GENERATED",
        "GATEWAY_ERROR",
      ]
    `);
  });

  it('gives every subclass its own code and name', () => {
    const errors = [
      [new APICallError({ message: 'm' }), 'API_CALL_ERROR', 'APICallError'],
      [new InvalidResponseError({ message: 'm' }), 'INVALID_RESPONSE', 'InvalidResponseError'],
      [new InvalidRequestError({ message: 'm' }), 'INVALID_REQUEST', 'InvalidRequestError'],
      [
        new UnsupportedFunctionalityError({ message: 'm' }),
        'UNSUPPORTED_FUNCTIONALITY',
        'UnsupportedFunctionalityError',
      ],
      [
        new InvalidToolArgumentsError({ message: 'm', toolName: 't', toolArgs: {} }),
        'INVALID_TOOL_ARGUMENTS',
        'InvalidToolArgumentsError',
      ],
      [new NoSuchToolError({ toolName: 'x', availableTools: ['a'] }), 'NO_SUCH_TOOL', 'NoSuchToolError'],
      [new ToolExecutionError({ message: 'm' }), 'TOOL_EXECUTION_ERROR', 'ToolExecutionError'],
      [new SchemaConversionError({ message: 'm' }), 'SCHEMA_CONVERSION_ERROR', 'SchemaConversionError'],
      [new NoSuchProviderError({ providerId: 'x', availableProviders: [] }), 'NO_SUCH_PROVIDER', 'NoSuchProviderError'],
      [new InvalidModelIdError({ message: 'm' }), 'INVALID_MODEL_ID', 'InvalidModelIdError'],
      [new InvalidSettingError({ message: 'm' }), 'INVALID_SETTING', 'InvalidSettingError'],
      [new AbortedError({ message: 'm' }), 'ABORTED', 'AbortedError'],
    ] as const;
    for (const [error, code, name] of errors) {
      expect(error.code).toBe(code);
      expect(error.name).toBe(name);
      expect(error).toBeInstanceOf(Error);
      expect(InterlinguaError.isInstance(error)).toBe(true);
    }
    expect(APICallError.isInstance(new InvalidRequestError({ message: 'm' }))).toBe(false);
  });

  it('recognises errors from another copy of the package through the Symbol.for marker', () => {
    const foreign = Object.assign(new Error('from a duplicate install'), {
      [Symbol.for('interlingua.error')]: true,
      code: 'API_CALL_ERROR',
    });
    expect(InterlinguaError.isInstance(foreign)).toBe(true);
    expect(APICallError.isInstance(foreign)).toBe(true);
    expect(InterlinguaError.isInstance(new Error('plain'))).toBe(false);
    expect(InterlinguaError.isInstance('string')).toBe(false);
  });

  it('keeps the cause and derives retryability from the status', () => {
    const cause = new Error('socket hang up');
    const error = new APICallError({ message: 'Rate limited', statusCode: 429, retryAfterSeconds: 3, cause });
    expect(error.cause).toBe(cause);
    expect(error.isRetryable).toBe(true);
    expect(error.retryAfterSeconds).toBe(3);
    expect(new APICallError({ message: 'bad', statusCode: 400 }).isRetryable).toBe(false);
    expect([undefined, 408, 409, 429, 500, 529].map(isRetryableStatus)).toEqual([true, true, true, true, true, true]);
    expect([400, 401, 403, 404, 422].map(isRetryableStatus)).toEqual([false, false, false, false, false]);
  });

  it('states the expectation in messages', () => {
    expect(new NoSuchToolError({ toolName: 'get_wether', availableTools: ['get_weather', 'get_time'] }).message).toBe(
      'Expected one of the tools [get_weather, get_time], got "get_wether".',
    );
  });
});
