import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error';
import { InvalidResponseError } from '../errors/invalid-response-error';
import { isConnectionError, toTransportError } from './to-transport-error';

// What undici throws when a response body is cut off mid-stream, with its cause.
function terminated(): TypeError {
  const socket = Object.assign(new Error('other side closed'), { name: 'SocketError', code: 'UND_ERR_SOCKET' });
  return new TypeError('terminated', { cause: socket });
}

describe('toTransportError', () => {
  it('a dropped connection is a retryable APICallError with the original as cause', () => {
    const thrown = terminated();
    const error = toTransportError(thrown, 'OpenAI');
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      message: 'The connection to OpenAI failed: terminated (other side closed).',
      isRetryable: true,
      statusCode: undefined,
    });
    expect(error.cause).toBe(thrown);
  });

  it('recognises a connection failure by its code anywhere in the cause chain, or by fetch’s message', () => {
    expect(isConnectionError(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isConnectionError(new Error('wrapped', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(isConnectionError(new TypeError('fetch failed'))).toBe(true);
    expect(isConnectionError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isConnectionError('terminated')).toBe(false);
  });

  it('a body that does not parse (a 200 that is not JSON) is retryable', () => {
    const thrown = new SyntaxError('Unexpected token \'<\', "<html>" is not valid JSON');
    const error = toTransportError(thrown, 'Anthropic');
    expect(error).toMatchObject({
      message: `Expected Anthropic to answer with JSON, got a body that does not parse: ${thrown.message}`,
      isRetryable: true,
    });
    expect(error.cause).toBe(thrown);
  });

  it('anything else is wrapped, not retryable; an Interlingua error passes through', () => {
    const thrown = new RangeError('boom');
    expect(toTransportError(thrown, 'Gemini')).toMatchObject({
      code: 'API_CALL_ERROR',
      message: 'The Gemini call failed: boom.',
      isRetryable: false,
      cause: thrown,
    });
    expect(toTransportError('a string', 'Gemini').message).toBe('The Gemini call failed: a string.');
    const ours = new InvalidResponseError({ message: 'bad chunk' });
    expect(toTransportError(ours, 'Gemini')).toBe(ours);
  });
});
