import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeGeminiRequest } from './decode-gemini-request';
import { encodeGeminiRequest } from './encode-gemini-request';

const tool = { name: 'save_note', description: 'Saves a note.', inputSchema: { type: 'object', properties: {} } };
const ask: ChatRequest['messages'] = [{ role: 'user', content: [{ type: 'text', text: 'Save it.' }] }];

describe('providerOptions.gemini.streamFunctionCallArguments', () => {
  it('goes into toolConfig.functionCallingConfig beside the mode, never into generationConfig, and reads back', () => {
    const request: ChatRequest = {
      messages: ask,
      tools: [tool],
      toolChoice: 'required',
      providerOptions: { gemini: { streamFunctionCallArguments: true, topK: 4 } },
    };
    const { value, warnings } = encodeGeminiRequest(request, { model: 'gemini-3-pro-preview' });
    expect(warnings).toEqual([]);
    expect(value.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', streamFunctionCallArguments: true } });
    expect(value.generationConfig).toEqual({ topK: 4 });
    const decoded = decodeGeminiRequest(value).value.request;
    // Read back as the neutral setting (issue 31): a Vertex backend sends it again, others warn.
    expect(decoded.providerOptions).toEqual({ gemini: { topK: 4 } });
    expect(decoded.toolArgumentStreaming).toBe(true);
    expect(decoded.toolChoice).toBe('required');
  });

  it('without tools, or not a boolean, it is not sent and a warning says why', () => {
    for (const [request, message] of [
      [{ messages: ask, providerOptions: { gemini: { streamFunctionCallArguments: true } } }, /has no tools/],
      [
        { messages: ask, tools: [tool], providerOptions: { gemini: { streamFunctionCallArguments: 'yes' } } },
        /Expected streamFunctionCallArguments to be a boolean, got "yes"/,
      ],
    ] as const) {
      const { value, warnings } = encodeGeminiRequest(request as ChatRequest, { model: 'gemini-3-pro-preview' });
      expect(value.toolConfig).toBeUndefined();
      expect(value.generationConfig).toBeUndefined();
      expect(warnings).toEqual([
        expect.objectContaining({
          type: 'unsupported',
          feature: 'providerOptions.gemini.streamFunctionCallArguments',
          message: expect.stringMatching(message),
        }),
      ]);
    }
  });
});
