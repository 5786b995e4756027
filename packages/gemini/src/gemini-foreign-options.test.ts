import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { encodeGeminiRequest } from './encode-gemini-request';

const base: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }],
  tools: [{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object', properties: {} } }],
};

describe("other providers' options in a Gemini body", () => {
  it('maps seed and top_k into generationConfig; parallel_tool_calls: false has no equivalent: a warning', () => {
    const { value, warnings } = encodeGeminiRequest(
      {
        ...base,
        providerOptions: {
          openai: { parallel_tool_calls: false, seed: 3, logprobs: true },
          anthropic: { top_k: 20, metadata: { user_id: 'u1' } },
        },
      },
      { model: 'gemini-2.5-flash' },
    );
    expect(value.generationConfig).toEqual({ seed: 3, topK: 20 });
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.openai.parallel_tool_calls',
        message:
          "Gemini has no switch to turn off parallel function calls (openai's `parallel_tool_calls`); the model may still call several tools at once.",
      },
      {
        type: 'unsupported',
        feature: 'providerOptions.openai.logprobs',
        message: 'Gemini has no equivalent of the openai option `logprobs`; it was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'providerOptions.anthropic.metadata',
        message: 'Gemini has no equivalent of the anthropic option `metadata`; it was not sent.',
      },
    ]);
  });

  it("parallel calls allowed is Gemini's behaviour: no warning; Gemini's own topK wins a disagreement, with one", () => {
    const { value, warnings } = encodeGeminiRequest(
      {
        ...base,
        providerOptions: { openai: { parallel_tool_calls: true }, anthropic: { top_k: 5 }, gemini: { topK: 40 } },
      },
      { model: 'gemini-2.5-flash' },
    );
    expect(value.generationConfig).toEqual({ topK: 40 });
    expect(warnings.map((warning) => warning.feature)).toEqual(['providerOptions.anthropic.top_k']);
  });
});
