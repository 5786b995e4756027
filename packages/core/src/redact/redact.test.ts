import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { APICallError } from '../errors/api-call-error';
import { createRedactor } from './create-redactor';
import { looksLikeCredential } from './looks-like-credential';
import { redactError } from './redact-error';
import { redactUrl } from './redact-url';

const KEY = 'sk-proj-4f8Kq2ZrT9xW1mN7bV3cY6hJ';
const GOOGLE_KEY = 'AIzaSyD4x9Qm2kL7pV3nR8tW1yZ6bC0fH5jE2gA';

describe('redactUrl', () => {
  it('redacts the user and password of a URL', () => {
    expect(redactUrl('https://user:hunter2@proxy.example.com/v1/chat/completions')).toBe(
      'https://%5BREDACTED%5D@proxy.example.com/v1/chat/completions',
    );
    expect(redactUrl('https://token@proxy.example.com/v1')).toBe('https://%5BREDACTED%5D@proxy.example.com/v1');
  });

  it('redacts key parameters by name and by value, in the query and the fragment, and keeps the rest', () => {
    expect(redactUrl('https://example.com/v1beta/models/m:generateContent?key=secret-1&alt=sse')).toBe(
      'https://example.com/v1beta/models/m:generateContent?key=%5BREDACTED%5D&alt=sse',
    );
    expect(redactUrl(`https://example.com/x?API_KEY=a&Access_Token=b&q=${KEY}&page=2`)).toBe(
      'https://example.com/x?API_KEY=%5BREDACTED%5D&Access_Token=%5BREDACTED%5D&q=%5BREDACTED%5D&page=2',
    );
    expect(redactUrl('https://example.com/cb#access_token=abc&state=1')).toBe(
      'https://example.com/cb#access_token=%5BREDACTED%5D&state=1',
    );
  });

  it('leaves a URL without credentials as it was, character for character', () => {
    for (const url of ['https://api.openai.com/v1/', 'http://127.0.0.1:8080/v1?alt=sse', 'HTTPS://Example.COM/a b']) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('redacts what does not parse as a URL by the same rules', () => {
    expect(redactUrl('//user:pass@host/path?key=abc&x=1')).toBe('//[REDACTED]@host/path?key=[REDACTED]&x=1');
    expect(redactUrl('not a url')).toBe('not a url');
  });
});

describe('createRedactor', () => {
  it('redacts URLs inside a text, configured secrets (longest first) and key-shaped values', () => {
    const redact = createRedactor(['my-own-secret', 'my-own-secret-longer', 'abc', undefined, null]);
    expect(
      redact(
        `Error fetching from https://u:p@host/v1beta/models/m:generateContent?key=k1: fetch failed; ` +
          `my-own-secret-longer my-own-secret abc; header Bearer eyJhbGciOi.J9x_0; ${KEY}; ${GOOGLE_KEY}`,
      ),
    ).toBe(
      'Error fetching from https://%5BREDACTED%5D@host/v1beta/models/m:generateContent?key=%5BREDACTED%5D: fetch failed; ' +
        '[REDACTED] [REDACTED] abc; header Bearer [REDACTED]; [REDACTED]; [REDACTED]',
    );
  });

  it('redacts Amazon Bedrock API keys, long-term (ABSK…) and short-term (bedrock-api-key-…)', () => {
    // Synthetic keys in the published shapes: base64 after the prefix (a short-term key encodes a presigned URL).
    const longTerm = `ABSK${btoa(`BedrockAPIKey-ab12-at-123456789012:${'k7'.repeat(30)}`)}`;
    const shortTerm = `bedrock-api-key-${btoa('bedrock.amazonaws.com/?Action=CallWithBearerToken&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLE%2F20261202%2Fus-east-1%2Fbedrock%2Faws4_request&Version=1')}`;
    expect(createRedactor()(`401 for ${longTerm}; retried with ${shortTerm}.`)).toBe(
      '401 for [REDACTED]; retried with [REDACTED].',
    );
    expect([longTerm, shortTerm, `Bearer ${shortTerm}`].map(looksLikeCredential)).toEqual([true, true, true]);
    // The prefixes alone, as in prose or an env var's name, are not keys.
    const prose = 'Set AWS_BEARER_TOKEN_BEDROCK to your bedrock-api-key-… (or an ABSK key).';
    expect(createRedactor()(prose)).toBe(prose);
  });

  it('leaves prose alone', () => {
    const text = 'A basic understanding of Bearer authentication; 128000 tokens; sk-learn; task-1234';
    expect(createRedactor()(text)).toBe(text);
  });

  it('tells whole credential values', () => {
    expect(['Bearer abcdef123456', `Basic ${btoa('user:pass')}`, KEY, GOOGLE_KEY].map(looksLikeCredential)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['application/json', 'interlingua', 'Bearer', '2023-06-01'].map(looksLikeCredential)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('redactError', () => {
  it('redacts the message, stack, body and whole cause chain in place, and returns the same error', () => {
    const url = 'http://user:hunter2@127.0.0.1:9/v1/chat/completions';
    const fetchFailure = new TypeError(`Request cannot be constructed from a URL that includes credentials: ${url}`);
    const sdkError = Object.assign(new Error('Connection error.'), {
      cause: fetchFailure,
      error: { error: { message: `Incorrect API key provided: ${KEY}` } },
    });
    const error = new APICallError({
      message: `401 Incorrect API key provided: ${KEY}`,
      responseBody: sdkError.error,
      cause: sdkError,
    });
    expect(redactError(error, [KEY])).toBe(error);
    const printed = `${inspect(error, { depth: Number.POSITIVE_INFINITY })}\n${JSON.stringify(error.responseBody)}`;
    expect(printed).not.toContain('hunter2');
    expect(printed).not.toContain(KEY);
    expect(error.message).toBe('401 Incorrect API key provided: [REDACTED]');
    expect(fetchFailure.message).toBe(
      'Request cannot be constructed from a URL that includes credentials: http://%5BREDACTED%5D@127.0.0.1:9/v1/chat/completions',
    );
    expect(fetchFailure.stack).not.toContain('hunter2');
  });

  it('survives cycles, frozen objects and non-errors', () => {
    const looped: Error & { self?: unknown } = new Error(`a ${KEY}`);
    looped.self = looped;
    looped.cause = looped;
    expect(redactError(looped).message).toBe('a [REDACTED]');
    const frozen = Object.freeze(new Error(`b ${KEY}`));
    expect(() => redactError(frozen)).not.toThrow();
    expect(redactError('plain')).toBe('plain');
    expect(redactError(undefined)).toBeUndefined();
  });
});
