import { InvalidRequestError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeAnthropicRequest } from './decode-anthropic-request';

describe('decodeAnthropicRequest', () => {
  it('decodes a Messages body with string content, tool results, is_error and trailing user text', () => {
    const { value, warnings } = decodeAnthropicRequest({
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      stream: true,
      system: '你是一个专业的天气助手。',
      messages: [
        { role: 'user', content: '北京今天天气怎么样？' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '我需要查一下北京的天气。' },
            { type: 'tool_use', id: 'toolu_01AbC', name: 'get_weather', input: { city: '北京' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_01AbC', content: '找不到城市', is_error: true },
            { type: 'text', text: '再试一次' },
          ],
        },
      ],
      tools: [
        { name: 'get_weather', description: '查询天气', input_schema: { type: 'object' } },
        { type: 'web_search_20250305', name: 'web_search' },
      ],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      metadata: { user_id: 'u-1' },
    });
    expect(warnings).toEqual([]);
    expect(value).toEqual({
      model: 'claude-sonnet-4-6',
      stream: true,
      request: {
        system: '你是一个专业的天气助手。',
        messages: [
          { role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: '我需要查一下北京的天气。' },
              { type: 'tool-call', id: 'toolu_01AbC', name: 'get_weather', args: { city: '北京' } },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'toolu_01AbC',
                toolName: 'get_weather',
                content: [{ type: 'text', text: '找不到城市' }],
                isError: true,
              },
            ],
          },
          { role: 'user', content: [{ type: 'text', text: '再试一次' }] },
        ],
        // The server tool is a hosted tool of the IR (issue 31).
        tools: [
          { name: 'get_weather', description: '查询天气', inputSchema: { type: 'object' } },
          { type: 'hosted-tool', kind: 'web-search' },
        ],
        toolChoice: 'required',
        maxOutputTokens: 1024,
        providerOptions: {
          anthropic: {
            metadata: { user_id: 'u-1' },
            disable_parallel_tool_use: true,
          },
        },
      },
    });
  });

  it('reads system cache_control, images, redacted thinking and the unparsed-arguments carrier', () => {
    const { value } = decodeAnthropicRequest({
      model: 'm',
      max_tokens: 10,
      system: [{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }],
      messages: [
        {
          role: 'user',
          content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBOR' } }],
        },
        {
          role: 'assistant',
          content: [
            { type: 'redacted_thinking', data: 'EmwK' },
            { type: 'tool_use', id: 't', name: 'f', input: { _unparsed_arguments: '{"a":' } },
          ],
        },
      ],
    });
    expect(value.request.system).toBe('sys');
    expect(value.request.systemParts).toEqual([{ type: 'text', text: 'sys', cacheBreakpoint: {} }]);
    expect(value.request.providerOptions).toBeUndefined();
    expect(value.request.messages[0]).toEqual({
      role: 'user',
      content: [{ type: 'image', source: { type: 'base64', data: 'iVBOR' }, mediaType: 'image/png' }],
    });
    expect(value.request.messages[1]?.content).toEqual([
      { type: 'reasoning', text: '', redacted: 'EmwK' },
      expect.objectContaining({
        type: 'tool-call',
        id: 't',
        args: {},
        argsText: '{"a":',
        argsError: expect.any(String),
      }),
    ]);
  });

  it('throws InvalidRequestError naming what is wrong', () => {
    expect(() => decodeAnthropicRequest({ model: 'm', messages: [] })).toThrow(InvalidRequestError);
    expect(() => decodeAnthropicRequest({ model: 'm', messages: [] })).toThrow(/max_tokens/);
  });
});
