import { createRedactor, REDACTED, redactUrl } from '@interlingua/core/adapter';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROVIDERS } from '../built-in-providers';
import { redactHeaders } from './redact-headers';
import { SECRET_ENV_VARIABLES, secretsFromEnv } from './secrets-from-env';

describe('redaction', () => {
  it('redacts credential headers whatever their case, and keeps the others', () => {
    expect(
      redactHeaders({
        Authorization: 'Bearer sk-1',
        'x-api-key': 'k',
        'X-Goog-Api-Key': 'g',
        'content-type': 'application/json',
      }),
    ).toEqual({
      Authorization: REDACTED,
      'x-api-key': REDACTED,
      'X-Goog-Api-Key': REDACTED,
      'content-type': 'application/json',
    });
  });

  it('redacts a credential header by any name that says so, and any header whose value is a credential', () => {
    expect(
      redactHeaders(
        {
          'X-Custom-Auth': 'opaque-value',
          'x-auth-token': 'opaque-value',
          'x-upstream': `Bearer abcdef123456`,
          'x-other': 'sk-proj-0123456789abcdefghij',
          'x-tenant': 'tenant-with-configured-secret',
          'x-ratelimit-limit-tokens': '30000',
          'anthropic-version': '2023-06-01',
        },
        ['tenant-with-configured-secret'],
      ),
    ).toEqual({
      'X-Custom-Auth': REDACTED,
      'x-auth-token': REDACTED,
      'x-upstream': REDACTED,
      'x-other': REDACTED,
      'x-tenant': REDACTED,
      'x-ratelimit-limit-tokens': '30000',
      'anthropic-version': '2023-06-01',
    });
  });

  it('redacts a key in the query string', () => {
    expect(redactUrl('https://example.com/v1beta/models/m:generateContent?key=AIzaSecret&alt=sse')).toBe(
      'https://example.com/v1beta/models/m:generateContent?key=%5BREDACTED%5D&alt=sse',
    );
    expect(redactUrl('not a url')).toBe('not a url');
  });

  it('replaces every known secret value, longest first, and ignores short values', () => {
    const redact = createRedactor(['sk-abcdef', 'sk-abcdef-longer', 'abc', undefined]);
    expect(redact('a sk-abcdef-longer b sk-abcdef c abc')).toBe(`a ${REDACTED} b ${REDACTED} c abc`);
  });

  it('collects the API keys of the environment', () => {
    expect(secretsFromEnv({ OPENAI_API_KEY: 'sk-1', HOME: '~', GEMINI_API_KEY: 'g-2' })).toEqual(['sk-1', 'g-2']);
  });

  it('knows the key variable of every built-in provider, so --trace never prints one', () => {
    const read = Object.values(BUILT_IN_PROVIDERS).flatMap((provider) => provider.apiKeyEnv);
    expect(read.filter((name) => !(SECRET_ENV_VARIABLES as readonly string[]).includes(name))).toEqual([]);
  });
});
