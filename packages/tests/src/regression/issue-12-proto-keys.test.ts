import { anthropicCodec } from '@interlingua/anthropic';
import {
  chatRequestSchema,
  functionToolsOf,
  type JSONObject,
  modelResponseSchema,
  parseChatRequest,
} from '@interlingua/core';
import { geminiCodec, lowerJsonSchemaForGemini } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  anthropicRequest,
  anthropicResponse,
  chunks,
  drain,
  geminiRequest,
  geminiResponse,
  openaiResponse,
} from './issue-12-wire';

// Issue 12, item 3: `__proto__` and `constructor` as own keys are data. Every codec keeps them as
// own properties, in both directions, and nothing reaches Object.prototype.
const poisoned = (): JSONObject =>
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": 1}, "city": "Paris"}');

function expectOwnKeys(value: unknown): void {
  const object = value as Record<string, unknown>;
  expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
  expect(Object.keys(object)).toEqual(['__proto__', 'constructor', 'city']);
  expect(Object.getOwnPropertyDescriptor(object, '__proto__')?.value).toEqual({ polluted: true });
  expect((object as { polluted?: unknown }).polluted).toBeUndefined();
}

afterEach(() => {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
});

describe('issue 12 #3: __proto__ and constructor keys are data', () => {
  it('tool arguments, decoded from every codec, request and response', async () => {
    const gemini = geminiCodec.decodeResponse(geminiResponse(poisoned()));
    const anthropic = anthropicCodec.decodeResponse(anthropicResponse(poisoned()));
    const openai = openaiCodec.decodeResponse(openaiResponse(JSON.stringify(poisoned())));
    for (const response of [gemini, anthropic, openai]) {
      expect(modelResponseSchema.safeParse(response).success).toBe(true);
      const call = response.message.content[0];
      expect(call?.type).toBe('tool-call');
      if (call?.type === 'tool-call') expectOwnKeys(call.args);
    }
    const streamed = await drain(geminiCodec.decodeStream(chunks([geminiResponse(poisoned())])));
    const end = streamed.find((event) => event.type === 'tool-call-end');
    if (end?.type !== 'tool-call-end') throw new Error('Expected a tool-call-end event');
    expectOwnKeys(end.toolCall.args);

    const request = geminiRequest();
    (request.contents as { parts: { functionCall?: { args: unknown } }[] }[])[1]!.parts[0]!.functionCall!.args =
      poisoned();
    const message = geminiCodec.decodeRequest(request).value.request.messages[1];
    if (message?.role !== 'assistant' || message.content[0]?.type !== 'tool-call') throw new Error('Expected a call');
    expectOwnKeys(message.content[0].args);
  });

  it('Gemini schemas, both directions: a property named __proto__ stays a property', () => {
    const request = geminiRequest();
    request.tools = [
      {
        functionDeclarations: [
          {
            name: 'f',
            parameters: JSON.parse(
              '{"type":"OBJECT","properties":{"__proto__":{"type":"STRING"},"constructor":{"type":"INTEGER"}}}',
            ),
          },
        ],
      },
    ];
    const { request: decoded } = geminiCodec.decodeRequest(request).value;
    expect(chatRequestSchema.safeParse(decoded).success).toBe(true);
    const properties = functionToolsOf(decoded.tools)[0]?.inputSchema.properties as Record<string, unknown>;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({ type: 'string' });

    const lowered = lowerJsonSchemaForGemini(
      JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__","toString"]}'),
      { toolName: 'f' },
    );
    const loweredProperties = lowered.schema?.properties as Record<string, unknown>;
    expect(Object.getPrototypeOf(loweredProperties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(loweredProperties, '__proto__')?.value).toEqual({ type: 'string' });
    // `toString` is no property of this schema, whatever Object.prototype says.
    expect(lowered.schema?.required).toEqual(['__proto__']);
  });

  it('keys passed through providerOptions: decodeRequest keeps them, encodeRequest sends them', () => {
    const bodies = [
      [openaiCodec, { model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] }],
      [anthropicCodec, anthropicRequest()],
    ] as const;
    for (const [codec, body] of bodies) {
      const withKey = { ...body, ...JSON.parse('{"__proto__": {"polluted": true}}') };
      const { request, model } = codec.decodeRequest(withKey).value;
      const options = request.providerOptions?.[codec.provider] as Record<string, unknown>;
      expect(Object.getOwnPropertyDescriptor(options, '__proto__')?.value, codec.provider).toEqual({ polluted: true });
      const encoded = codec.encodeRequest(parseChatRequest(request), { model: model ?? '' }).value as object;
      expect(Object.getPrototypeOf(encoded)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(encoded, '__proto__')?.value, codec.provider).toEqual({ polluted: true });
    }
    const gemini = { ...geminiRequest(), generationConfig: JSON.parse('{"__proto__": {"polluted": true}, "topK": 3}') };
    const { request } = geminiCodec.decodeRequest(gemini).value;
    expect(Object.keys(request.providerOptions?.gemini ?? {})).toEqual(['__proto__', 'topK']);
    const encoded = geminiCodec.encodeRequest(request, { model: 'gemini-2.5-flash' }).value;
    expect(Object.keys(encoded.generationConfig ?? {})).toEqual(['__proto__', 'topK']);
    expect(Object.getPrototypeOf(encoded.generationConfig)).toBe(Object.prototype);
  });

  it('core: parseChatRequest keeps __proto__ keys of arguments as own keys', () => {
    const parsed = parseChatRequest({
      messages: [{ role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'f', args: poisoned() }] }],
    });
    const call = parsed.messages[0]?.content[0];
    if (call?.type !== 'tool-call') throw new Error('Expected a call');
    expectOwnKeys(call.args);
  });
});
