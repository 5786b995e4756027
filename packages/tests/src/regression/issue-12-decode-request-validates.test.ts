import { anthropicCodec } from '@interlingua/anthropic';
import { InvalidRequestError } from '@interlingua/core';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { describe, expect, it } from 'vitest';
import { anthropicRequest, geminiRequest, openaiRequest, thrown } from './issue-12-wire';

// Issue 12, item 1: every decodeRequest validates the native body with a schema before reading
// it, and a bad body is an InvalidRequestError naming the path — never a TypeError.
function expectInvalidAt(run: () => unknown, path: string): void {
  const error = thrown(run);
  expect(InvalidRequestError.isInstance(error), String(error)).toBe(true);
  expect((error as Error).message).toContain(`${path}: `);
}

describe('issue 12 #1: decodeRequest validates before it reads', () => {
  it('Gemini: parameters.properties that is null', () => {
    const body = geminiRequest();
    body.tools = [{ functionDeclarations: [{ name: 'f', parameters: { type: 'OBJECT', properties: null } }] }];
    expectInvalidAt(() => geminiCodec.decodeRequest(body), 'tools[0].functionDeclarations[0].parameters.properties');
  });

  it('Gemini: systemInstruction.parts that is not an array, or holds null', () => {
    expectInvalidAt(
      () => geminiCodec.decodeRequest({ ...geminiRequest(), systemInstruction: { parts: null } }),
      'systemInstruction.parts',
    );
    expectInvalidAt(
      () => geminiCodec.decodeRequest({ ...geminiRequest(), systemInstruction: { parts: { text: 'x' } } }),
      'systemInstruction.parts',
    );
    expectInvalidAt(
      () => geminiCodec.decodeRequest({ ...geminiRequest(), systemInstruction: { parts: [null] } }),
      'systemInstruction.parts[0]',
    );
  });

  it('Gemini: a nested schema node that is not an object', () => {
    const body = geminiRequest();
    body.tools = [
      {
        functionDeclarations: [
          { name: 'f', parameters: { type: 'OBJECT', properties: { list: { type: 'ARRAY', items: 'STRING' } } } },
        ],
      },
    ];
    const error = thrown(() => geminiCodec.decodeRequest(body));
    expect(InvalidRequestError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Expected a Gemini generateContent request body: tools[0].functionDeclarations[0].parameters.properties.list.items: Expected a schema object, got a string.',
    );
  });

  it('every codec: null where a part belongs', () => {
    const gemini = geminiRequest();
    (gemini.contents as { parts: unknown[] }[])[2]?.parts.splice(0, 1, null);
    expect((thrown(() => geminiCodec.decodeRequest(gemini)) as Error).message).toBe(
      'Expected a Gemini generateContent request body: contents[2].parts[0]: Invalid input: expected object, received null',
    );
    const anthropic = anthropicRequest();
    (anthropic.messages as unknown[])[2] = { role: 'user', content: [null] };
    expectInvalidAt(() => anthropicCodec.decodeRequest(anthropic), 'messages[2].content[0]');
    const openai = openaiRequest();
    (openai.messages as unknown[])[1] = null;
    expectInvalidAt(() => openaiCodec.decodeRequest(openai), 'messages[1]');
  });

  it('every codec: a body that is not an object at all', () => {
    for (const codec of [openaiCodec, anthropicCodec, geminiCodec]) {
      for (const body of [null, 'text', 42, []]) {
        const error = thrown(() => codec.decodeRequest(body));
        expect(InvalidRequestError.isInstance(error), `${codec.provider} ${JSON.stringify(body)}`).toBe(true);
      }
    }
  });
});
