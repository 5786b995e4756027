import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { encodeGeminiRequest } from './encode-gemini-request';

// Gemini answers a part without data with a 400 "required oneof field 'data' must have one
// initialized field" (an empty text counts as no data), the system instruction included.
describe('encodeGeminiRequest: empty text (audit)', () => {
  it('sends no empty text part and no empty system instruction, keeping one that carries a signature', () => {
    const request: ChatRequest = {
      system: '',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '' },
            { type: 'text', text: 'Weather in Paris?' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '' },
            { type: 'tool-call', id: 'call_1', name: 'get_weather', args: { city: 'Paris' } },
            { type: 'text', text: '', providerMetadata: { gemini: { thoughtSignature: 'c2ln' } } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'get_weather',
              content: [{ type: 'text', text: 'sunny' }],
              isError: false,
            },
          ],
        },
        // Another provider's empty turn: nothing to send, so the turns around it merge.
        { role: 'user', content: [{ type: 'text', text: '' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Sunny.' }] },
      ],
    };
    const { value } = encodeGeminiRequest(request, { model: 'gemini-2.5-flash' });
    expect(value.systemInstruction).toBeUndefined();
    expect(value.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
          { text: '', thoughtSignature: 'c2ln' },
        ],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'get_weather', response: { output: 'sunny' } } }],
      },
      { role: 'model', parts: [{ text: 'Sunny.' }] },
    ]);
  });
});
