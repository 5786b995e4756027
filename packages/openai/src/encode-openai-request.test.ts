import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIRequest } from './decode-openai-request';
import { encodeOpenAIRequest } from './encode-openai-request';

const user = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] });

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const toolTurn: ChatRequest = {
  messages: [
    user('Weather in Paris and Tokyo?'),
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking both.' },
        { type: 'tool-call', id: 'call_a', name: 'get_weather', args: { city: 'Paris' } },
        { type: 'tool-call', id: 'call_b', name: 'get_weather', args: {}, argsText: '{"city":"Tok', argsError: 'cut' },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_a',
          toolName: 'get_weather',
          content: [{ type: 'text', text: '18°C' }],
          isError: false,
        },
        {
          type: 'tool-result',
          toolCallId: 'call_b',
          toolName: 'get_weather',
          content: [{ type: 'text', text: 'Invalid arguments' }],
          isError: true,
        },
      ],
    },
  ],
};

describe('encodeOpenAIRequest', () => {
  it('sends the system prompt first, as system or developer by model id', () => {
    const request: ChatRequest = { system: 'Be brief.', messages: [user('Hi')] };
    expect(encodeOpenAIRequest(request, { model: 'gpt-4.1' }).value.messages[0]).toEqual({
      role: 'system',
      content: 'Be brief.',
    });
    expect(encodeOpenAIRequest(request, { model: 'o3-mini' }).value.messages[0]).toEqual({
      role: 'developer',
      content: 'Be brief.',
    });
    expect(encodeOpenAIRequest(request, { model: 'gpt-5-mini' }).value.messages[0]?.role).toBe('developer');
    expect(encodeOpenAIRequest(request, { model: 'o3', systemRole: 'system' }).value.messages[0]?.role).toBe('system');
  });

  it('encodes calls, argsText verbatim, and one tool message per result in call order with the error marker', () => {
    const { value, warnings } = encodeOpenAIRequest(toolTurn, { model: 'gpt-4.1' });
    expect(warnings).toEqual([]);
    expect(value.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: 'Checking both.',
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Tok' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '18°C' },
      { role: 'tool', tool_call_id: 'call_b', content: '[tool error] Invalid arguments' },
    ]);
  });

  it('lets decodeRequest recover isError, tool names and argsText exactly', () => {
    const { value } = decodeOpenAIRequest(encodeOpenAIRequest(toolTurn, { model: 'gpt-4.1' }).value);
    expect(value.request.messages).toEqual([
      toolTurn.messages[0],
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking both.' },
          { type: 'tool-call', id: 'call_a', name: 'get_weather', args: { city: 'Paris' } },
          {
            type: 'tool-call',
            id: 'call_b',
            name: 'get_weather',
            args: {},
            argsText: '{"city":"Tok',
            argsError: expect.stringContaining('Expected the arguments to be a JSON object'),
          },
        ],
      },
      toolTurn.messages[2],
    ]);
  });

  it('moves images of tool results into a user message after the tool messages, with a warning', () => {
    const request: ChatRequest = {
      messages: [
        user('Chart it'),
        { role: 'assistant', content: [{ type: 'tool-call', id: 'call_1', name: 'chart', args: {} }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'chart',
              content: [
                { type: 'text', text: 'Here is the chart.' },
                { type: 'image', source: { type: 'base64', data: 'iVBORw0KGgo=' }, mediaType: 'image/png' },
              ],
              isError: false,
            },
          ],
        },
      ],
    };
    const { value, warnings } = encodeOpenAIRequest(request, { model: 'gpt-4.1' });
    expect(value.messages.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'call_1', content: 'Here is the chart.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Attachments of the tool result for call call_1 (chart):' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        ],
      },
    ]);
    expect(warnings).toEqual([
      { type: 'degraded', feature: 'messages[2].content[0].content', message: expect.stringContaining('user message') },
    ]);
    // decodeRequest puts them back into their result (text first, then the attachments).
    expect(decodeOpenAIRequest(value).value.request.messages).toEqual(request.messages);
  });

  it('maps tools, tool choice, limits, stop, parallel_tool_calls and passthrough options', () => {
    const { value, warnings } = encodeOpenAIRequest(
      {
        messages: [user('Hi')],
        tools: [weatherTool],
        toolChoice: { type: 'tool', name: 'get_weather' },
        maxOutputTokens: 256,
        temperature: 0.2,
        topP: 0.9,
        stopSequences: ['END'],
        providerOptions: { openai: { parallel_tool_calls: false, seed: 7, model: 'other' } },
      },
      { model: 'gpt-4.1', strictTools: true },
    );
    expect(value).toEqual({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'Current weather for a city',
            parameters: weatherTool.inputSchema,
            strict: true,
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      max_completion_tokens: 256,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['END'],
      parallel_tool_calls: false,
      seed: 7,
    });
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'providerOptions.openai.model',
        message: expect.stringContaining('cannot be overridden'),
      },
    ]);
  });

  it('never lets providerOptions.openai overwrite what it encoded; hosted tools are left out, a hosted tool_choice refused', () => {
    const request: ChatRequest = {
      messages: [user('Hi')],
      tools: [weatherTool],
      toolChoice: 'required',
      maxOutputTokens: 64,
      temperature: 0.2,
      providerOptions: {
        openai: {
          tools: [{ type: 'web_search' }],
          tool_choice: 'none',
          max_tokens: 100000,
          temperature: 2,
          user: 'u-1',
        },
      },
    };
    const { value, warnings } = encodeOpenAIRequest(request, { model: 'gpt-4.1' });
    expect(value).toMatchObject({
      tools: [{ type: 'function', function: { name: 'get_weather' } }],
      tool_choice: 'required',
      max_completion_tokens: 64,
      temperature: 0.2,
      user: 'u-1',
    });
    expect(value).not.toHaveProperty('max_tokens');
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'providerOptions.openai.tools',
      'providerOptions.openai.tool_choice',
      'providerOptions.openai.max_tokens',
      'providerOptions.openai.temperature',
    ]);
    expect(warnings[0]?.message).toContain('web_search');
    // No function tools at all: the hosted ones still do not stand in for them.
    const hostedOnly = encodeOpenAIRequest(
      { messages: [user('Hi')], providerOptions: { openai: { tools: [{ type: 'web_search' }] } } },
      { model: 'gpt-4.1' },
    );
    expect(hostedOnly.value).not.toHaveProperty('tools');
    expect(() =>
      encodeOpenAIRequest(
        { messages: [user('Hi')], providerOptions: { openai: { tool_choice: { type: 'web_search' } } } },
        { model: 'gpt-4.1' },
      ),
    ).toThrow(/requires the hosted tool "web_search"/);
  });

  it('asks for usage in streams unless told not to, and uses max_tokens when told', () => {
    const request: ChatRequest = { messages: [user('Hi')], maxOutputTokens: 10 };
    expect(encodeOpenAIRequest(request, { model: 'gpt-4.1', stream: true }).value).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 10,
    });
    const compat = encodeOpenAIRequest(request, {
      model: 'llama3.1',
      stream: true,
      streamUsage: false,
      maxTokensField: 'max_tokens',
    }).value;
    expect(compat).toEqual({
      model: 'llama3.1',
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 10,
      stream: true,
    });
  });

  it('warns about what Chat Completions cannot take instead of dropping it silently', () => {
    const { value, warnings } = encodeOpenAIRequest(
      {
        messages: [
          user('Hi'),
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'thinking', signature: 'sig' },
              { type: 'text', text: 'Hello' },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'file', source: { type: 'url', url: 'https://example.com/a.pdf' }, mediaType: 'application/pdf' },
            ],
          },
        ],
        toolChoice: 'required',
      },
      { model: 'gpt-4.1' },
    );
    expect(value.messages[1]).toEqual({ role: 'assistant', content: 'Hello' });
    expect(value).not.toHaveProperty('tool_choice');
    expect(warnings.map((warning) => warning.feature)).toEqual(['reasoning', 'messages[2].content[0]', 'toolChoice']);
  });

  it("does not send another provider's part metadata (Gemini signatures, Anthropic server blocks), and says so", () => {
    const { value, warnings } = encodeOpenAIRequest(
      {
        messages: [
          user('Hi'),
          {
            role: 'assistant',
            content: [
              {
                type: 'text',
                text: 'Searching.',
                providerMetadata: { anthropic: { serverToolBlocks: [] }, openai: { refusal: false } },
              },
              {
                type: 'tool-call',
                id: 'gemini-abc-0',
                name: 'get_weather',
                args: { city: 'Paris' },
                providerMetadata: { gemini: { thoughtSignature: 'CvQBAdHt' } },
              },
            ],
          },
        ],
      },
      { model: 'gpt-4.1' },
    );
    expect(value.messages[1]).toEqual({
      role: 'assistant',
      content: 'Searching.',
      tool_calls: [
        { id: 'gemini-abc-0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    });
    expect(JSON.stringify(value)).not.toContain('CvQBAdHt');
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'text.providerMetadata.anthropic',
        message: 'Chat Completions has no field for anthropic data (serverToolBlocks) on a text part; it was not sent.',
      },
      {
        type: 'unsupported',
        feature: 'tool-call.providerMetadata.gemini',
        message:
          'Chat Completions has no field for gemini data (thoughtSignature) on a tool-call part; it was not sent.',
      },
    ]);
  });

  it('encodes user images, audio and files as content parts', () => {
    const { value } = encodeOpenAIRequest(
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              {
                type: 'image',
                source: { type: 'url', url: 'https://example.com/cat.png' },
                providerMetadata: { openai: { detail: 'low' } },
              },
              { type: 'file', source: { type: 'base64', data: 'UklGRg==' }, mediaType: 'audio/wav' },
              {
                type: 'file',
                source: { type: 'base64', data: 'JVBERi0=' },
                mediaType: 'application/pdf',
                filename: 'a.pdf',
              },
            ],
          },
        ],
      },
      { model: 'gpt-4o' },
    );
    expect(value.messages[0]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Look' },
        { type: 'image_url', image_url: { url: 'https://example.com/cat.png', detail: 'low' } },
        { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
        { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' } },
      ],
    });
  });
});
