import { anthropicCodec } from '@interlingua/anthropic';
import { chatRequestSchema, functionToolsOf, InvalidRequestError, modelResponseSchema } from '@interlingua/core';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { describe, expect, it } from 'vitest';
import {
  anthropicRequest,
  geminiRequest,
  geminiResponse,
  openaiRequest,
  openaiResponse,
  thrown,
} from './issue-12-wire';

// Issue 12, item 4: what a decoder returns always satisfies the IR schemas; what would not is a
// typed error instead.
function expectInvalid(run: () => unknown, message: RegExp): void {
  const error = thrown(run);
  expect(InvalidRequestError.isInstance(error), String(error)).toBe(true);
  expect((error as Error).message).toMatch(message);
}

describe('issue 12 #4: decoder output satisfies the IR schemas, or the decoder throws', () => {
  it('a tool schema that is not an object schema is refused by every codec', () => {
    const openai = openaiRequest();
    openai.tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'string' } } }];
    expectInvalid(
      () => openaiCodec.decodeRequest(openai),
      /tools\[0\]\.function\.parameters: Expected an object schema/,
    );
    const anthropic = anthropicRequest();
    anthropic.tools = [{ name: 'f', input_schema: { type: 'array', items: {} } }];
    expectInvalid(() => anthropicCodec.decodeRequest(anthropic), /tools\[0\]\.input_schema: Expected an object schema/);
    const gemini = geminiRequest();
    gemini.tools = [{ functionDeclarations: [{ name: 'f', parameters: { type: 'STRING' } }] }];
    expectInvalid(
      () => geminiCodec.decodeRequest(gemini),
      /functionDeclarations\[0\]\.parameters: Expected an object schema/,
    );
    gemini.tools = [{ functionDeclarations: [{ name: 'f', parametersJsonSchema: { type: 'array' } }] }];
    expectInvalid(() => geminiCodec.decodeRequest(gemini), /parametersJsonSchema: Expected an object schema/);
  });

  it('a schema that leaves `type` out describes an object, and says so in the IR', () => {
    const openai = openaiRequest();
    openai.tools = [
      { type: 'function', function: { name: 'f', parameters: { properties: { q: { type: 'string' } } } } },
    ];
    const anthropic = anthropicRequest();
    anthropic.tools = [{ name: 'f', input_schema: { properties: { q: { type: 'string' } } } }];
    const gemini = geminiRequest();
    gemini.tools = [{ functionDeclarations: [{ name: 'f', parameters: { properties: { q: { type: 'STRING' } } } }] }];
    for (const request of [
      openaiCodec.decodeRequest(openai).value.request,
      anthropicCodec.decodeRequest(anthropic).value.request,
      geminiCodec.decodeRequest(gemini).value.request,
    ]) {
      expect(chatRequestSchema.safeParse(request).error?.issues ?? []).toEqual([]);
      expect(functionToolsOf(request.tools)[0]?.inputSchema).toEqual({
        type: 'object',
        properties: { q: { type: 'string' } },
      });
    }
  });

  it('a tool result that answers no call is refused (as the APIs refuse it), not given an empty name', () => {
    const anthropic = anthropicRequest();
    (anthropic.messages as unknown[]).splice(1, 1);
    expectInvalid(
      () => anthropicCodec.decodeRequest(anthropic),
      /messages\[1\]\.content\[0\]\.tool_use_id: Expected the id of a tool_use block of an earlier assistant message, got "toolu_1"/,
    );
    const openai = openaiRequest();
    (openai.messages as unknown[]).splice(1, 1);
    expectInvalid(
      () => openaiCodec.decodeRequest(openai),
      /messages\[1\]\.tool_call_id: Expected the id of a tool call/,
    );
    const gemini = geminiRequest();
    (gemini.contents as { parts: { functionResponse?: { id?: string } }[] }[])[2]!.parts[0]!.functionResponse!.id =
      'nope';
    expectInvalid(() => geminiCodec.decodeRequest(gemini), /Expected a functionCall with id "nope"/);
  });

  it('settings out of the IR range are refused with their wire name', () => {
    for (const [key, value] of [
      ['temperature', -1],
      ['top_p', 2],
      ['max_tokens', 0],
      ['max_tokens', 1.5],
    ] as const) {
      expectInvalid(
        () => openaiCodec.decodeRequest({ ...openaiRequest(), [key]: value }),
        new RegExp(`^Expected a Chat Completions request body: ${key}: `),
      );
      expectInvalid(
        () => anthropicCodec.decodeRequest({ ...anthropicRequest(), [key]: value }),
        new RegExp(`^Expected an Anthropic Messages request body: ${key}: `),
      );
    }
    expectInvalid(
      () => geminiCodec.decodeRequest({ ...geminiRequest(), generationConfig: { maxOutputTokens: -3 } }),
      /generationConfig\.maxOutputTokens: /,
    );
  });

  it('empty ids and names: a response call without id gets one, a call without name is refused', () => {
    const openai = openaiResponse();
    const call = (openai.choices as { message: { tool_calls: { id: string }[] } }[])[0]!.message.tool_calls[0]!;
    call.id = '';
    const decoded = openaiCodec.decodeResponse(openai);
    expect(modelResponseSchema.safeParse(decoded).success).toBe(true);
    expect(decoded.message.content[0]).toMatchObject({ type: 'tool-call', id: 'call_0' });
    const gemini = geminiResponse();
    (gemini.candidates as { content: { parts: { functionCall: { name: string; id?: string } }[] } }[])[0]!.content
      .parts[0]!.functionCall = {
      name: 'get_weather',
      id: '',
    };
    expect(geminiCodec.decodeResponse(gemini).message.content[0]).toMatchObject({
      id: expect.stringMatching(/^gemini-/),
    });
    (gemini.candidates as { content: { parts: { functionCall: { name: string } }[] } }[])[0]!.content
      .parts[0]!.functionCall.name = '';
    expect(() => geminiCodec.decodeResponse(gemini)).toThrow(/functionCall\.name: /);
  });
});
