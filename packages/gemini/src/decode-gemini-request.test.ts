import { InvalidRequestError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeGeminiRequest } from './decode-gemini-request';

describe('decodeGeminiRequest (gateway direction)', () => {
  it('reads a native Gemini conversation: system, calls without ids, results by name, any response shape', () => {
    const { value, warnings } = decodeGeminiRequest({
      systemInstruction: { parts: [{ text: 'Be helpful.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Boston?' }] },
        {
          role: 'model',
          parts: [{ functionCall: { name: 'get_weather', args: { location: 'Boston' } }, thoughtSignature: 'sig' }],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'get_weather', response: { temperature: 22, unit: 'C' } } },
            { text: 'And tomorrow?' },
          ],
        },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: 'Weather',
              parameters: {
                type: 'OBJECT',
                properties: { location: { type: 'STRING', nullable: true } },
                required: ['location'],
              },
            },
            {
              name: 'lookup',
              description: 'JSON Schema form',
              parametersJsonSchema: { type: 'object', properties: { q: { type: 'string' } } },
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather', 'lookup'] } },
      generationConfig: { temperature: 0.5, maxOutputTokens: 100, candidateCount: 1 },
    });
    const call = value.request.messages[1];
    const callId = call?.role === 'assistant' && call.content[0]?.type === 'tool-call' ? call.content[0].id : undefined;
    expect(callId).toMatch(/^gemini-[0-9a-f]{16}-0$/);
    expect(value.request).toEqual({
      system: 'Be helpful.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Boston?' }] },
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              id: callId,
              name: 'get_weather',
              args: { location: 'Boston' },
              providerMetadata: { gemini: { thoughtSignature: 'sig' } },
            },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: callId,
              toolName: 'get_weather',
              content: [{ type: 'text', text: '{"temperature":22,"unit":"C"}' }],
              isError: false,
            },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather',
          inputSchema: {
            type: 'object',
            properties: { location: { type: ['string', 'null'] } },
            required: ['location'],
          },
        },
        {
          name: 'lookup',
          description: 'JSON Schema form',
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        },
      ],
      toolChoice: 'required',
      temperature: 0.5,
      maxOutputTokens: 100,
      providerOptions: { gemini: { candidateCount: 1 } },
    });
    expect(value.model).toBeUndefined();
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'toolConfig.functionCallingConfig.allowedFunctionNames',
    ]);
  });

  it('recovers isError from { error } and reads the model from a `model` field', () => {
    const { value } = decodeGeminiRequest({
      model: 'models/gemini-2.5-pro',
      contents: [
        { role: 'model', parts: [{ functionCall: { id: 'c9', name: 'read_file', args: { path: '/x' } } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { id: 'c9', name: 'read_file', response: { error: 'ENOENT: no such file' } } }],
        },
      ],
    });
    expect(value.model).toBe('gemini-2.5-pro');
    expect(value.request.messages[1]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c9',
          toolName: 'read_file',
          content: [{ type: 'text', text: 'ENOENT: no such file' }],
          isError: true,
        },
      ],
    });
  });

  it('states what it expected on a bad body or an unanswerable response', () => {
    expect(() => decodeGeminiRequest({ messages: [] })).toThrowError(InvalidRequestError);
    expect(() => decodeGeminiRequest({ messages: [] })).toThrowError(
      /^Expected a Gemini generateContent request body: contents:/,
    );
    expect(() =>
      decodeGeminiRequest({
        contents: [{ role: 'user', parts: [{ functionResponse: { name: 'f', response: { output: 'x' } } }] }],
      }),
    ).toThrowError(
      'Expected a functionCall named "f" in the model turn before contents[0], whose functionResponse answers it; found none unanswered.',
    );
  });
});
