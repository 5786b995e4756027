import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { encodeAnthropicRequest } from './encode-anthropic-request';

const base: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }],
  tools: [{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object', properties: {} } }],
};

describe("other providers' options in an Anthropic body", () => {
  it('maps parallel_tool_calls: false to disable_parallel_tool_use and topK to top_k; warns about the rest', () => {
    const { value, warnings } = encodeAnthropicRequest(
      {
        ...base,
        providerOptions: {
          openai: { parallel_tool_calls: false, response_format: { type: 'json_object' }, logprobs: true },
          gemini: { topK: 40 },
        },
      },
      { model: 'claude-sonnet-4-6' },
    );
    expect(value.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(value).toMatchObject({ top_k: 40 });
    expect(value).not.toHaveProperty('parallel_tool_calls');
    expect(value).not.toHaveProperty('response_format');
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'providerOptions.openai.response_format',
      'providerOptions.openai.logprobs',
    ]);
  });

  it('keeps a named tool choice when mapping, and lets the Anthropic option win a disagreement, with a warning', () => {
    const named = encodeAnthropicRequest(
      {
        ...base,
        toolChoice: { type: 'tool', name: 'get_weather' },
        providerOptions: { openai: { parallel_tool_calls: true } },
      },
      { model: 'claude-sonnet-4-6' },
    );
    expect(named.value.tool_choice).toEqual({ type: 'tool', name: 'get_weather', disable_parallel_tool_use: false });
    expect(named.warnings).toEqual([]);
    const both = encodeAnthropicRequest(
      {
        ...base,
        providerOptions: { anthropic: { disable_parallel_tool_use: false }, openai: { parallel_tool_calls: false } },
      },
      { model: 'claude-sonnet-4-6' },
    );
    expect(both.value.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: false });
    expect(both.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.openai.parallel_tool_calls',
        message:
          "openai's `parallel_tool_calls` disagrees with the Anthropic option of the same meaning in providerOptions.anthropic; that one was sent.",
      },
    ]);
  });
});
