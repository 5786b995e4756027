import { InterlinguaError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { GATEWAY_ERROR_STATUS, GATEWAY_ERROR_TYPES, GatewayError } from './gateway-error';

describe('GatewayError', () => {
  it('pins the error types and their statuses (each format maps every one)', () => {
    expect(Object.entries(GATEWAY_ERROR_STATUS)).toEqual([
      ['invalid_request', 400],
      ['authentication', 401],
      ['permission', 403],
      ['not_found', 404],
      ['method_not_allowed', 405],
      ['request_too_large', 413],
      ['rate_limit', 429],
      ['budget_exceeded', 429],
      ['overloaded', 503],
      ['unavailable', 503],
      ['timeout', 504],
      ['upstream', 502],
      ['internal', 500],
    ]);
    expect(Object.keys(GATEWAY_ERROR_TYPES)).toEqual(Object.keys(GATEWAY_ERROR_STATUS));
  });

  it('is an Interlingua error with its own code, status and Retry-After', () => {
    const error = new GatewayError({ type: 'rate_limit', message: 'Slow down.', retryAfterSeconds: 3 });
    expect(InterlinguaError.isInstance(error)).toBe(true);
    expect(GatewayError.isInstance(error)).toBe(true);
    expect(GatewayError.isInstance(new Error('x'))).toBe(false);
    expect([error.code, error.name, error.status, error.retryAfterSeconds]).toEqual([
      'GATEWAY_ERROR',
      'GatewayError',
      429,
      3,
    ]);
    expect(new GatewayError({ type: 'upstream', status: 529, message: 'Overloaded' }).status).toBe(529);
  });
});
