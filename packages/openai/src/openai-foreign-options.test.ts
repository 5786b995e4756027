import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { encodeOpenAIRequest } from './encode-openai-request';
import { encodeOpenAIResponsesRequest } from './responses/encode-openai-responses-request';

const base: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }],
  tools: [{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object', properties: {} } }],
};

describe("other providers' options in a Chat Completions body", () => {
  it('maps disable_parallel_tool_use to parallel_tool_calls and Gemini seed to seed; warns about the rest', () => {
    const { value, warnings } = encodeOpenAIRequest(
      {
        ...base,
        providerOptions: {
          anthropic: { disable_parallel_tool_use: true, thinking: { type: 'enabled', budget_tokens: 2048 } },
          gemini: { seed: 7, safetySettings: [] },
        },
      },
      { model: 'gpt-4.1' },
    );
    expect(value).toMatchObject({ parallel_tool_calls: false, seed: 7 });
    expect(value).not.toHaveProperty('thinking');
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'providerOptions.anthropic.thinking',
      'providerOptions.gemini.safetySettings',
    ]);
  });

  it('sends no parallel_tool_calls without tools (OpenAI rejects it), and no warning: there is nothing to limit', () => {
    const { value, warnings } = encodeOpenAIRequest(
      { messages: base.messages, providerOptions: { anthropic: { disable_parallel_tool_use: true } } },
      { model: 'gpt-4.1' },
    );
    expect(value).not.toHaveProperty('parallel_tool_calls');
    expect(warnings).toEqual([]);
  });
});

describe("other providers' options in a Responses body", () => {
  it('maps disable_parallel_tool_use to parallel_tool_calls; warns about Gemini seed (no Responses equivalent) and the rest', () => {
    const { value, warnings } = encodeOpenAIResponsesRequest(
      {
        ...base,
        providerOptions: {
          anthropic: { disable_parallel_tool_use: true, thinking: { type: 'enabled', budget_tokens: 2048 } },
          gemini: { seed: 7 },
        },
      },
      { model: 'gpt-5' },
    );
    expect(value).toMatchObject({ parallel_tool_calls: false });
    expect(value).not.toHaveProperty('seed');
    expect(value).not.toHaveProperty('thinking');
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'providerOptions.anthropic.thinking',
      'providerOptions.gemini.seed',
    ]);
    expect(warnings.every((warning) => warning.message.includes('Responses'))).toBe(true);
  });

  it("keeps providerOptions.openai's parallel_tool_calls and warns about the foreign one that disagrees", () => {
    const { value, warnings } = encodeOpenAIResponsesRequest(
      {
        ...base,
        providerOptions: { openai: { parallel_tool_calls: true }, anthropic: { disable_parallel_tool_use: true } },
      },
      { model: 'gpt-5' },
    );
    expect(value).toMatchObject({ parallel_tool_calls: true });
    expect(warnings.map((warning) => warning.feature)).toEqual(['providerOptions.anthropic.disable_parallel_tool_use']);
  });
});
