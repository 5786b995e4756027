import { describe, expect, it } from 'vitest';
import { bedrockRetryPolicy } from './bedrock-retry-policy';

const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];

describe('bedrockRetryPolicy (the AWS SDK standard rule)', () => {
  it('retries throttling and transient answers only', () => {
    const retry = (status: number, type?: string) =>
      bedrockRetryPolicy.retryStatus(
        status,
        headers(type === undefined ? {} : { 'x-amzn-errortype': `${type}:http://x/` }),
      );
    expect(retry(429)).toBe(true);
    expect(retry(400, 'ThrottlingException')).toBe(true);
    expect(retry(429, 'ModelNotReadyException')).toBe(true);
    expect(retry(500)).toBe(true);
    expect(retry(503, 'ServiceUnavailableException')).toBe(true);
    // Not retried by the SDK: a model timeout (408), 501, 409, client errors.
    expect(retry(408, 'ModelTimeoutException')).toBe(false);
    expect(retry(501)).toBe(false);
    expect(retry(409)).toBe(false);
    expect(retry(400, 'ValidationException')).toBe(false);
    expect(bedrockRetryPolicy.retryConnections).toBe(true);
  });

  it('backs off from 1 s after throttling and 50 ms otherwise, at least what retry-after asks (up to 5 s more)', () => {
    for (let round = 0; round < 50; round++) {
      expect(bedrockRetryPolicy.delayMs(0, headers({}), 429)).toBeLessThan(1_000);
      expect(bedrockRetryPolicy.delayMs(0, headers({}), 503)).toBeLessThan(50);
      expect(bedrockRetryPolicy.delayMs(0, undefined)).toBeLessThan(50);
      expect(bedrockRetryPolicy.delayMs(10, headers({}), 429)).toBeLessThan(20_000);
      const asked = bedrockRetryPolicy.delayMs(0, headers({ 'retry-after': '3' }), 503);
      expect(asked).toBeGreaterThanOrEqual(3_000);
      expect(asked).toBeLessThan(3_050);
      expect(bedrockRetryPolicy.delayMs(0, headers({ 'x-amz-retry-after': '60000' }), 503)).toBeLessThan(5_050);
    }
  });
});
