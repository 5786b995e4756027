import type { ModelResponse } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeGeminiResponse } from './decode-gemini-response';
import { encodeGeminiResponse } from './encode-gemini-response';

const usage = { inputTokens: 40, outputTokens: 12, cachedInputTokens: 8, reasoningTokens: 5 };

describe('encodeGeminiResponse (gateway direction)', () => {
  it('sends calls with their ids, signatures on their parts, usage split back into Gemini counts', () => {
    const response: ModelResponse = {
      message: {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Need the weather.', providerMetadata: { gemini: { thoughtSignature: 'c2ln' } } },
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: '北京' } },
        ],
      },
      finishReason: 'tool_calls',
      rawFinishReason: null,
      usage,
      id: 'resp-1',
      model: 'gemini-2.5-flash',
      warnings: [],
    };
    const { value, warnings } = encodeGeminiResponse(response);
    expect(warnings).toEqual([]);
    expect(value).toEqual({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Need the weather.', thought: true, thoughtSignature: 'c2ln' },
              { text: 'Checking.' },
              { functionCall: { name: 'get_weather', args: { city: '北京' }, id: 'call_1' } },
            ],
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 40,
        candidatesTokenCount: 7,
        totalTokenCount: 52,
        cachedContentTokenCount: 8,
        thoughtsTokenCount: 5,
      },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'resp-1',
    });
    expect(decodeGeminiResponse(value)).toMatchObject({ finishReason: 'tool_calls', usage });
  });

  it('keeps a Gemini finish word that still fits, and picks one for a reason Gemini has no word for', () => {
    const base: ModelResponse = {
      message: { role: 'assistant', content: [{ type: 'text', text: 'No.' }] },
      finishReason: 'content_filter',
      rawFinishReason: 'RECITATION',
      usage: { inputTokens: 1, outputTokens: 1 },
      warnings: [],
    };
    expect(encodeGeminiResponse(base).value.candidates?.[0]?.finishReason).toBe('RECITATION');
    expect(
      encodeGeminiResponse({ ...base, finishReason: 'length', rawFinishReason: 'max_tokens' }).value.candidates?.[0]
        ?.finishReason,
    ).toBe('MAX_TOKENS');
  });

  it('warns instead of silently sending {} for a call whose arguments did not parse', () => {
    const { value, warnings } = encodeGeminiResponse({
      message: {
        role: 'assistant',
        content: [
          { type: 'tool-call', id: 'c1', name: 'f', args: {}, argsText: '{"q": "ab', argsError: 'Unexpected end' },
        ],
      },
      finishReason: 'length',
      rawFinishReason: null,
      usage: { inputTokens: 1, outputTokens: 2 },
      warnings: [],
    });
    expect(value.candidates?.[0]?.content?.parts).toEqual([{ functionCall: { name: 'f', args: {}, id: 'c1' } }]);
    expect(warnings).toEqual([
      {
        type: 'degraded',
        feature: 'message.content[0].argsText',
        message: 'Gemini carries call arguments as an object; the unparseable arguments of call "c1" were sent as {}.',
      },
    ]);
  });
});
