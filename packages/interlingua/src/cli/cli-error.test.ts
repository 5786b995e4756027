import { APICallError, NoSuchProviderError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { EXIT_FAILURE, EXIT_USAGE, toCliError } from './cli-error';

describe('toCliError', () => {
  it('says how long a rate-limited provider asks to wait, and keeps the error as cause', () => {
    const limited = new APICallError({
      message: 'Number of request tokens has exceeded your per-minute rate limit',
      statusCode: 429,
      retryAfterSeconds: 2.5,
    });
    const error = toCliError(limited);
    expect(error.message).toBe(
      'The provider answered 429: Number of request tokens has exceeded your per-minute rate limit',
    );
    expect(error.hint).toBe('Rate limited: the provider asks to wait 3 s before retrying.');
    expect(error.exitCode).toBe(EXIT_FAILURE);
    expect(error.cause).toBe(limited);
    expect(toCliError(new APICallError({ message: 'slow down', statusCode: 429 })).hint).toBe(
      'Rate limited: wait and retry, or lower the request rate.',
    );
  });

  it('tells a 5xx from an unreachable provider, and lists the providers for an unknown one', () => {
    expect(toCliError(new APICallError({ message: 'Overloaded', statusCode: 529 })).hint).toBe(
      'The provider is having trouble: retry later.',
    );
    const unreachable = toCliError(new APICallError({ message: 'Connection error.', isRetryable: true }));
    expect(unreachable.message).toBe('Could not reach the provider: Connection error.');
    const unknown = toCliError(
      new NoSuchProviderError({ providerId: 'foo', availableProviders: ['openai', 'gemini'] }),
    );
    expect([unknown.message, unknown.hint, unknown.exitCode]).toEqual([
      'Unknown provider "foo".',
      'Use one of: openai, gemini (as --model provider:model).',
      EXIT_USAGE,
    ]);
  });
});
