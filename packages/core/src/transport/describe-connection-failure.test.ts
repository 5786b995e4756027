import { describe, expect, it } from 'vitest';
import { describeConnectionFailure } from './describe-connection-failure';

describe('describeConnectionFailure (issue 32)', () => {
  it('names the URL, credentials redacted, and the causes down to the root', () => {
    const root = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const fetchFailed = new TypeError('fetch failed', { cause: root });
    const sdk = new Error('Connection error.', { cause: fetchFailed });
    expect(describeConnectionFailure('OpenAI', sdk, 'http://user:secret@127.0.0.1:9/v1/chat/completions?key=abc')).toBe(
      'The connection to OpenAI at http://%5BREDACTED%5D@127.0.0.1:9/v1/chat/completions?key=%5BREDACTED%5D failed: Connection error. (fetch failed → connect ECONNREFUSED 127.0.0.1:9).',
    );
  });

  it('without a URL or causes, the message alone; repeated messages once', () => {
    expect(describeConnectionFailure('Gemini', new Error('socket hang up'))).toBe(
      'The connection to Gemini failed: socket hang up.',
    );
    const twice = new Error('terminated', { cause: new Error('terminated') });
    expect(describeConnectionFailure('Gemini', twice)).toBe('The connection to Gemini failed: terminated.');
  });
});
