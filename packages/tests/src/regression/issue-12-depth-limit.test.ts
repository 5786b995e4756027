import { anthropicCodec } from '@interlingua/anthropic';
import {
  chatRequestSchema,
  InvalidRequestError,
  InvalidResponseError,
  type Message,
  parseMessages,
  type StreamEvent,
  safeParseIR,
} from '@interlingua/core';
import { geminiCodec, synthesizeGeminiCallId } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { describe, expect, it } from 'vitest';
import {
  anthropicRequest,
  anthropicResponse,
  chunks,
  drain,
  geminiRequest,
  geminiResponse,
  nested,
  openaiResponse,
  thrown,
} from './issue-12-wire';

// Issue 12, item 2: one depth limit for JSON values (1,000 levels), enforced without recursion;
// deeper input is a typed error naming the path, never a stack overflow.
const DEEP = 10_000;
const history = (args: unknown): Message[] => [
  { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'f', args: args as never }] },
];

describe('issue 12 #2: one depth limit, checked iteratively', () => {
  it('core: parseMessages and safeParseIR reject 10,000 levels with a path, and take 1,000', () => {
    const error = thrown(() => parseMessages(history(nested(DEEP))));
    expect(InvalidRequestError.isInstance(error), String(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^Expected a valid Message\[\]: \[0\]\.content\[0\]\.args\.a\.a.*: Expected JSON nested at most 1000 levels deep, got deeper$/,
    );
    const result = safeParseIR(chatRequestSchema, { messages: history(nested(DEEP)) }, 'ChatRequest');
    expect(result.success).toBe(false);
    // `args` itself is the outermost of the 1,000 levels.
    expect(parseMessages(history(nested(1000)))).toHaveLength(1);
    expect(() => parseMessages(history(nested(1001)))).toThrow(/at most 1000 levels/);
  });

  it('Gemini decodeRequest: deep functionCall.args and functionResponse.response', () => {
    const call = geminiRequest();
    (call.contents as { parts: { functionCall?: { args: unknown } }[] }[])[1]!.parts[0]!.functionCall!.args =
      nested(DEEP);
    const error = thrown(() => geminiCodec.decodeRequest(call));
    expect(InvalidRequestError.isInstance(error), String(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /contents\[1\]\.parts\[0\]\.functionCall\.args\.a\.a.*at most 1000 levels/,
    );
    const result = geminiRequest();
    (result.contents as { parts: { functionResponse?: { response: unknown } }[] }[])[2]!.parts[0]!
      .functionResponse!.response = nested(DEEP);
    expect(InvalidRequestError.isInstance(thrown(() => geminiCodec.decodeRequest(result)))).toBe(true);
  });

  it('Gemini decodeResponse and decodeStream: deep args of a call without id (whose id is a hash of them)', async () => {
    const error = thrown(() => geminiCodec.decodeResponse(geminiResponse(nested(DEEP))));
    expect(InvalidResponseError.isInstance(error), String(error)).toBe(true);
    expect((error as Error).message).toMatch(/candidates\[0\]\.content\.parts\[0\]\.functionCall\.args/);
    const events = await drain(geminiCodec.decodeStream(chunks([geminiResponse(nested(DEEP))])));
    expect(events).toHaveLength(1);
    const last = events[0] as StreamEvent;
    expect(last.type === 'error' && InvalidResponseError.isInstance(last.error)).toBe(true);
    // Called directly with such arguments, the id is still made (from the name), without a stack overflow.
    expect(synthesizeGeminiCallId({ responseId: undefined, name: 'f', args: nested(DEEP), index: 0 })).toMatch(
      /^gemini-[0-9a-f]{16}-0$/,
    );
  });

  it('Anthropic and OpenAI: the same deep arguments, as an object or as text', () => {
    const error = thrown(() => anthropicCodec.decodeResponse(anthropicResponse(nested(DEEP))));
    expect(InvalidResponseError.isInstance(error), String(error)).toBe(true);
    expect((error as Error).message).toMatch(/content\[0\]\.input\.a\.a/);
    const request = anthropicRequest();
    (request.messages as { content: { input?: unknown }[] }[])[1]!.content[0]!.input = nested(DEEP);
    expect(InvalidRequestError.isInstance(thrown(() => anthropicCodec.decodeRequest(request)))).toBe(true);
    // Argument text is the model's output: too deep is a call with argsError, as unparseable text is.
    const text = JSON.stringify(nested(1500));
    const response = openaiCodec.decodeResponse(openaiResponse(text));
    expect(response.message.content).toEqual([
      {
        type: 'tool-call',
        id: 'call_1',
        name: 'get_weather',
        args: {},
        argsText: text,
        argsError: expect.stringMatching(
          /^Expected the arguments to be a JSON object: arguments\.a\.a.*at most 1000 levels/,
        ),
      },
    ]);
  });
});
