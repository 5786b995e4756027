import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../errors/invalid-request-error';
import type { ChatRequest } from '../ir/chat-request';
import { toChatRequest, toMessages } from './to-chat-request';

describe('toChatRequest', () => {
  it('turns string content into one text part, keeps the rest of the request', () => {
    const request = toChatRequest({
      system: 'Be brief.',
      maxOutputTokens: 10,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
        { role: 'assistant', content: '' },
      ],
    });
    expect(request).toEqual({
      system: 'Be brief.',
      maxOutputTokens: 10,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
        { role: 'assistant', content: [{ type: 'text', text: '' }] },
      ],
    });
  });

  it('returns an IR request and its messages as they are: no copy on the hot path', () => {
    const request: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] };
    expect(toChatRequest(request)).toBe(request);
    expect(toMessages(request.messages)).toBe(request.messages);
  });

  it("leaves the caller's messages untouched", () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    toMessages(messages);
    expect(messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it.each([
    [{ messages: 'hi' }, 'messages: expected an array of messages, got a string.'],
    [{ messages: [null] }, 'messages[0]: expected a message ({ role, content }), got null.'],
    [
      { messages: [{ role: 'user', content: 42 }] },
      'messages[0].content: expected a string or an array of content parts, got a number.',
    ],
    [
      { messages: [{ role: 'tool', content: 'x' }] },
      'messages[0].content: expected an array of tool results, got a string.',
    ],
    [{ messages: [{ content: 'x' }] }, "messages[0].role: expected 'user', 'assistant' or 'tool', got undefined."],
    [
      { messages: [{ role: 'developer', content: 'x' }] },
      "messages[0].role: expected 'user', 'assistant' or 'tool', got 'developer'.",
    ],
  ])('refuses %j with a typed error naming the path', (input, message) => {
    const error = (() => {
      try {
        toChatRequest(input as never);
      } catch (caught) {
        return caught;
      }
    })();
    expect(InvalidRequestError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(message);
  });

  it("points a system message at the request's system field", () => {
    expect(() => toChatRequest({ messages: [{ role: 'system', content: 'x' }] } as never)).toThrow(
      /got 'system'\. The system prompt goes in the request's `system` field/,
    );
  });

  it('copies no prototype from hostile input', () => {
    const hostile = JSON.parse('{"role":"user","content":"hi","__proto__":{"polluted":true}}');
    const [message] = toMessages([hostile]);
    expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
