import { InvalidRequestError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIRequest } from './decode-openai-request';

describe('decodeOpenAIRequest', () => {
  it('decodes a gateway body: system, tools, choice, limits, and unknown keys as providerOptions', () => {
    const { value, warnings } = decodeOpenAIRequest({
      model: 'gpt-4.1',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'developer', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Hi' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
      ],
      tools: [{ type: 'function', function: { name: 'noop', parameters: { type: 'object', properties: {} } } }],
      tool_choice: 'required',
      max_tokens: 50,
      stop: 'END',
      parallel_tool_calls: false,
      user: 'u-1',
    });
    expect(warnings).toEqual([]);
    expect(value).toEqual({
      model: 'gpt-4.1',
      stream: true,
      request: {
        system: 'Be brief.',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Hi' },
              { type: 'image', source: { type: 'base64', data: 'AAAA' }, mediaType: 'image/png' },
            ],
          },
        ],
        tools: [{ name: 'noop', description: '', inputSchema: { type: 'object', properties: {} } }],
        toolChoice: 'required',
        maxOutputTokens: 50,
        stopSequences: ['END'],
        providerOptions: { openai: { parallel_tool_calls: false, user: 'u-1' } },
      },
    });
  });

  it('groups consecutive tool messages into one IR tool message with names from the calls', () => {
    const { value } = decodeOpenAIRequest({
      model: 'm',
      messages: [
        { role: 'user', content: 'q' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'a', arguments: '{}' } },
            { id: 'c2', type: 'function', function: { name: 'b', arguments: '{"x":1}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'one' },
        { role: 'tool', tool_call_id: 'c2', content: [{ type: 'text', text: '[tool error] boom' }] },
      ],
    });
    expect(value.request.messages[2]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'a',
          content: [{ type: 'text', text: 'one' }],
          isError: false,
        },
        {
          type: 'tool-result',
          toolCallId: 'c2',
          toolName: 'b',
          content: [{ type: 'text', text: 'boom' }],
          isError: true,
        },
      ],
    });
  });

  it('moves a late system message into the system prompt with a warning', () => {
    const { value, warnings } = decodeOpenAIRequest({
      model: 'm',
      messages: [
        { role: 'system', content: 'A' },
        { role: 'user', content: 'q' },
        { role: 'system', content: 'B' },
      ],
    });
    expect(value.request.system).toBe('A\n\nB');
    expect(warnings).toEqual([{ type: 'degraded', feature: 'messages[2]', message: expect.any(String) }]);
  });

  it('rejects a body that is not a Chat Completions request with a clear error', () => {
    expect(() => decodeOpenAIRequest({ model: 'm', messages: [{ role: 'user' }] })).toThrow(InvalidRequestError);
    expect(() => decodeOpenAIRequest({ messages: [] })).toThrow(/Expected a Chat Completions request body/);
  });

  it('leaves out a tool_choice naming no function, with a warning (found by the fuzz suite)', () => {
    const { value, warnings } = decodeOpenAIRequest({
      model: 'm',
      messages: [{ role: 'user', content: 'q' }],
      tool_choice: { type: 'function', function: { name: '' } },
    });
    expect(value.request.toolChoice).toBeUndefined();
    expect(warnings).toEqual([
      { type: 'unsupported', feature: 'tool_choice', message: expect.stringMatching(/^Expected tool_choice/) },
    ]);
  });

  it('reads a client text shaped like an attachments marker in linear time (no regex backtracking)', () => {
    // With the old pattern /call (.+) \((.+)\):$/ this text took minutes (quadratic backtracking).
    const text = `Attachments of the tool result for call ${' ('.repeat(200_000)}x`;
    const { value } = decodeOpenAIRequest({
      model: 'm',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'done' },
        { role: 'user', content: [{ type: 'text', text }] },
      ],
    });
    expect(value.request.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text }] });
  });
});
