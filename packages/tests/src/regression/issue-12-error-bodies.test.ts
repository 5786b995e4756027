import { anthropicCodec } from '@interlingua/anthropic';
import { APICallError, type Codec, InvalidResponseError } from '@interlingua/core';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { describe, expect, it } from 'vitest';
import { chunks, drain, thrown } from './issue-12-wire';

// Issue 12, item 6: an error body, or `{}`, given to decodeResponse is a typed error — an
// APICallError where the body says what failed — never a fake success. Likewise a stream
// chunk that is an error object.
const errorBodies: [Codec<unknown, unknown, unknown>, unknown, Partial<APICallError>][] = [
  [
    openaiCodec,
    { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded', param: null } },
    { message: 'Rate limit reached', providerErrorType: 'requests', isRetryable: true, statusCode: undefined },
  ],
  [
    openaiCodec,
    { error: 'model "llama9" not found, try pulling it first' },
    { message: 'model "llama9" not found, try pulling it first', isRetryable: false },
  ],
  [
    anthropicCodec,
    { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    { message: 'Overloaded', providerErrorType: 'overloaded_error', isRetryable: true },
  ],
  [
    geminiCodec,
    { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } },
    {
      message: 'Resource has been exhausted',
      statusCode: 429,
      providerErrorType: 'RESOURCE_EXHAUSTED',
      isRetryable: true,
    },
  ],
  [
    geminiCodec,
    { error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } },
    { statusCode: 400, isRetryable: false },
  ],
];

describe('issue 12 #6: error bodies and {} are typed errors, never a fake success', () => {
  it('decodeResponse of an error body throws the APICallError it describes', () => {
    for (const [codec, body, expected] of errorBodies) {
      const error = thrown(() => codec.decodeResponse(body));
      expect(APICallError.isInstance(error), `${codec.provider}: ${String(error)}`).toBe(true);
      expect(error).toMatchObject({ ...expected, responseBody: body });
    }
  });

  it('decodeResponse of {} (or an error that is no object) throws InvalidResponseError', () => {
    for (const codec of [openaiCodec, anthropicCodec, geminiCodec]) {
      for (const body of [{}, { error: null }, { candidates: [] }]) {
        const error = thrown(() => codec.decodeResponse(body));
        expect(
          InvalidResponseError.isInstance(error),
          `${codec.provider} ${JSON.stringify(body)}: ${String(error)}`,
        ).toBe(true);
      }
    }
  });

  it('a stream chunk that is an error body ends the stream with that APICallError', async () => {
    const opening: Record<string, unknown> = {
      openai: { id: 'c', model: 'm', choices: [{ index: 0, delta: { content: 'Hel' }, finish_reason: null }] },
      anthropic: { type: 'message_start', message: { id: 'msg', model: 'm', usage: { input_tokens: 5 } } },
      gemini: { candidates: [{ content: { role: 'model', parts: [{ text: 'Hel' }] } }] },
    };
    for (const [codec, body, expected] of errorBodies) {
      const events = await drain(codec.decodeStream(chunks([opening[codec.provider], body, opening[codec.provider]])));
      const last = events.at(-1);
      expect(last?.type, codec.provider).toBe('error');
      const error = last?.type === 'error' ? last.error : undefined;
      expect(APICallError.isInstance(error), `${codec.provider}: ${String(error)}`).toBe(true);
      expect(error).toMatchObject(expected);
    }
  });
});
