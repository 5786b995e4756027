import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { InvalidRequestError } from '../errors/invalid-request-error';
import { InvalidResponseError } from '../errors/invalid-response-error';
import { parseWireRequest, parseWireResponse, safeParseWireResponse } from './parse-wire';

const body = z.object({ messages: z.array(z.object({ role: z.enum(['user', 'assistant']) })) });

describe('wire parsing', () => {
  it('returns the parsed body', () => {
    expect(parseWireRequest(body, { messages: [{ role: 'user' }] }, 'a request body')).toEqual({
      messages: [{ role: 'user' }],
    });
    expect(parseWireResponse(body, { messages: [] }, 'a response body')).toEqual({ messages: [] });
  });

  it('names the bad field and keeps the schema error as cause', () => {
    let caught: unknown;
    try {
      parseWireRequest(body, { messages: [{ role: 'system' }] }, 'a Chat Completions request body');
    } catch (error) {
      caught = error;
    }
    expect(InvalidRequestError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/^Expected a Chat Completions request body: messages\[0\]\.role: /);
    expect((caught as Error).cause).toBeInstanceOf(z.ZodError);
  });

  it('reports response failures as InvalidResponseError, throwing or not', () => {
    const result = safeParseWireResponse(body, { messages: 'no' }, 'a stream chunk');
    expect(result.success).toBe(false);
    expect(!result.success && InvalidResponseError.isInstance(result.error)).toBe(true);
    expect(!result.success && result.error.message).toMatch(/^Expected a stream chunk: messages: /);
    expect(() => parseWireResponse(body, null, 'a response body')).toThrowError(InvalidResponseError);
  });

  it('refuses a request body nested deeper than MAX_JSON_DEPTH before the schema reads it', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 10_000; level++) deep = [deep];
    const lenient = z.object({ messages: z.unknown() });
    expect(() => parseWireRequest(lenient, { messages: [{ content: deep }] }, 'a request body')).toThrowError(
      /^Expected a request body: messages\[0\]\.content\[0\]\[0\].*: Expected JSON nested at most 1000 levels deep, got deeper$/,
    );
    expect(() => parseWireRequest(lenient, { messages: [1n] }, 'a request body')).toThrowError(
      'Expected a request body: messages[0]: Expected a JSON value, got a bigint',
    );
  });

  it('accepts zod 3 schemas too', () => {
    expect(() => parseWireRequest(z3.object({ a: z3.number() }), { a: 'x' }, 'a body')).toThrowError(
      /^Expected a body: a: Expected number, received string/,
    );
  });
});
