import type { ChatRequest, Message } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeAnthropicRequest } from './decode-anthropic-request';
import { ANTHROPIC_DEFAULT_MAX_TOKENS, encodeAnthropicRequest } from './encode-anthropic-request';

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const weatherTool = {
  name: 'get_weather',
  description: '根据城市名查询实时天气',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('encodeAnthropicRequest', () => {
  it('sends several system blocks back as they came, each breakpoint kept, while they match the system prompt', () => {
    const system = [
      { type: 'text', text: 'billing' },
      { type: 'text', text: 'You are Claude Code.', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: '工作目录 ./app', cache_control: { type: 'ephemeral', ttl: '1h' } },
    ];
    const decoded = decodeAnthropicRequest({
      model: 'm',
      max_tokens: 10,
      system,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(decoded.warnings).toEqual([]);
    expect(decoded.value.request.system).toBe('billing\nYou are Claude Code.\n工作目录 ./app');
    expect(encodeAnthropicRequest(decoded.value.request, { model: 'm' }).value.system).toEqual(system);
    // A library user who changed the system prompt gets that prompt, not stale blocks.
    const changed = encodeAnthropicRequest({ ...decoded.value.request, system: 'Be brief.' }, { model: 'm' });
    expect(changed.value.system).toBe('Be brief.');
    expect(changed.warnings.map((warning) => warning.feature)).toEqual(['systemParts']);
  });

  it('never takes model, messages, max_tokens, tool_choice or stream from providerOptions.anthropic', () => {
    const { value, warnings } = encodeAnthropicRequest(
      {
        messages: [user('hi')],
        maxOutputTokens: 10,
        providerOptions: { anthropic: { model: 'other', max_tokens: 99999, stream: true, top_k: 3 } },
      },
      { model: 'm' },
    );
    expect(value).toMatchObject({ model: 'm', max_tokens: 10, top_k: 3 });
    expect(value).not.toHaveProperty('stream');
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'providerOptions.anthropic.model',
      'providerOptions.anthropic.max_tokens',
      'providerOptions.anthropic.stream',
    ]);
  });

  it('encodes the three-turn weather history of reference note 000 §7.2 exactly', () => {
    const request: ChatRequest = {
      system: '你是一个专业的天气助手，回答简洁。',
      messages: [
        user('你好'),
        { role: 'assistant', content: [{ type: 'text', text: '你好！有什么可以帮你？' }] },
        user('北京今天天气怎么样？'),
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
              content: [{ type: 'text', text: '北京今天晴，25°C' }],
              isError: false,
            },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: '北京今天晴，25°C，适合出门。' }] },
        user('那上海呢？'),
      ],
      tools: [weatherTool],
      maxOutputTokens: 1024,
    };
    expect(encodeAnthropicRequest(request, { model: 'claude-sonnet-4-6' })).toEqual({
      value: {
        model: 'claude-sonnet-4-6',
        max_tokens: 1024,
        system: '你是一个专业的天气助手，回答简洁。',
        messages: [
          { role: 'user', content: [{ type: 'text', text: '你好' }] },
          { role: 'assistant', content: [{ type: 'text', text: '你好！有什么可以帮你？' }] },
          { role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: '我需要查一下北京的天气。' },
              { type: 'tool_use', id: 'toolu_01AbC', name: 'get_weather', input: { city: '北京' } },
            ],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01AbC', content: '北京今天晴，25°C' }] },
          { role: 'assistant', content: [{ type: 'text', text: '北京今天晴，25°C，适合出门。' }] },
          { role: 'user', content: [{ type: 'text', text: '那上海呢？' }] },
        ],
        tools: [
          {
            name: 'get_weather',
            description: '根据城市名查询实时天气',
            input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
      },
      warnings: [],
    });
  });

  it('puts every result of a turn in one user message, results first, with is_error, images and following user text', () => {
    const { value } = encodeAnthropicRequest(
      {
        messages: [
          user('Compare both cities'),
          {
            role: 'assistant',
            content: [
              { type: 'tool-call', id: 'toolu_1', name: 'get_weather', args: { city: '北进' } },
              { type: 'tool-call', id: 'toolu_2', name: 'chart', args: {} },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'toolu_1',
                toolName: 'get_weather',
                content: [{ type: 'text', text: '找不到城市北进，是否想输入北京？' }],
                isError: true,
              },
              {
                type: 'tool-result',
                toolCallId: 'toolu_2',
                toolName: 'chart',
                content: [
                  { type: 'text', text: '这是查询到的图表' },
                  { type: 'image', source: { type: 'base64', data: 'iVBORw0KG' }, mediaType: 'image/png' },
                  { type: 'image', source: { type: 'url', url: 'https://example.com/c.png' } },
                ],
                isError: false,
              },
            ],
          },
          user('And be brief.'),
        ],
      },
      { model: 'm' },
    );
    expect(value.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Compare both cities' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: '北进' } },
          { type: 'tool_use', id: 'toolu_2', name: 'chart', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '找不到城市北进，是否想输入北京？', is_error: true },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_2',
            content: [
              { type: 'text', text: '这是查询到的图表' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KG' } },
              { type: 'image', source: { type: 'url', url: 'https://example.com/c.png' } },
            ],
          },
          { type: 'text', text: 'And be brief.' },
        ],
      },
    ]);
  });

  it('keeps the results of several tool messages in order, all before the user text they are merged with', () => {
    const result = (id: string) => ({
      type: 'tool-result' as const,
      toolCallId: id,
      toolName: 'f',
      content: [{ type: 'text' as const, text: `r${id}` }],
      isError: false,
    });
    const { value } = encodeAnthropicRequest(
      {
        messages: [
          user('d'),
          { role: 'tool', content: [result('t1')] },
          user('e'),
          { role: 'tool', content: [result('t2'), result('t3')] },
        ],
      },
      { model: 'm' },
    );
    expect(value.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'rt1' },
          { type: 'tool_result', tool_use_id: 't2', content: 'rt2' },
          { type: 'tool_result', tool_use_id: 't3', content: 'rt3' },
          { type: 'text', text: 'd' },
          { type: 'text', text: 'e' },
        ],
      },
    ]);
  });

  it('merges consecutive same-role messages and puts results before user text in the merged message', () => {
    const { value } = encodeAnthropicRequest(
      {
        messages: [
          user('a'),
          user('b'),
          { role: 'assistant', content: [{ type: 'tool-call', id: 't1', name: 'f', args: {} }] },
          { role: 'assistant', content: [{ type: 'text', text: 'c' }] },
          user('d'),
          {
            role: 'tool',
            content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'f', content: [], isError: false }],
          },
        ],
      },
      { model: 'm' },
    );
    expect(value.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 't1', name: 'f', input: {} },
          { type: 'text', text: 'c' },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1' },
          { type: 'text', text: 'd' },
        ],
      },
    ]);
  });

  it('replays thinking with its signature and redacted_thinking exactly, and drops unsigned reasoning with a warning', () => {
    const { value, warnings } = encodeAnthropicRequest(
      {
        messages: [
          user('q'),
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'Let me think.', signature: 'EqQBsig' },
              { type: 'reasoning', text: '', redacted: 'EmwKAhgB' },
              { type: 'reasoning', text: 'from another provider' },
              { type: 'tool-call', id: 't', name: 'f', args: { a: 1 } },
            ],
          },
        ],
      },
      { model: 'm' },
    );
    expect(value.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Let me think.', signature: 'EqQBsig' },
        { type: 'redacted_thinking', data: 'EmwKAhgB' },
        { type: 'tool_use', id: 't', name: 'f', input: { a: 1 } },
      ],
    });
    expect(warnings).toEqual([expect.objectContaining({ type: 'unsupported', feature: 'reasoning' })]);
  });

  it('replays a call with unparseable arguments as an object carrying the raw text, with a warning', () => {
    const { value, warnings } = encodeAnthropicRequest(
      {
        messages: [
          user('q'),
          {
            role: 'assistant',
            content: [{ type: 'tool-call', id: 't', name: 'f', args: {}, argsText: '{"city":"北', argsError: 'bad' }],
          },
        ],
      },
      { model: 'm' },
    );
    expect(value.messages[1]?.content).toEqual([
      { type: 'tool_use', id: 't', name: 'f', input: { _unparsed_arguments: '{"city":"北' } },
    ]);
    expect(warnings).toEqual([
      expect.objectContaining({
        type: 'degraded',
        feature: 'tool-call.argsText',
        message: expect.stringContaining('"t"'),
      }),
    ]);
  });

  it('rewrites a call id the API would reject, the same way on the call and its result, with a warning', () => {
    // Moonshot's OpenAI-compatible API names calls `functions.<name>:<index>`.
    const { value, warnings } = encodeAnthropicRequest(
      {
        messages: [
          user('q'),
          {
            role: 'assistant',
            content: [
              { type: 'tool-call', id: 'functions.get_weather:0', name: 'get_weather', args: { city: '北京' } },
              { type: 'tool-call', id: 'functions_get_weather_0', name: 'get_weather', args: { city: '上海' } },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'functions.get_weather:0',
                toolName: 'get_weather',
                content: [{ type: 'text', text: '晴' }],
                isError: false,
              },
              {
                type: 'tool-result',
                toolCallId: 'functions_get_weather_0',
                toolName: 'get_weather',
                content: [{ type: 'text', text: '雨' }],
                isError: false,
              },
            ],
          },
        ],
      },
      { model: 'm' },
    );
    const uses = ((value.messages[1]?.content ?? []) as { id: string }[]).map((block) => block.id);
    const results = ((value.messages[2]?.content ?? []) as { tool_use_id: string }[]).map((block) => block.tool_use_id);
    expect(uses[0]).toMatch(/^functions_get_weather_0_[0-9a-f]{8}$/);
    expect(uses[1]).toBe('functions_get_weather_0');
    expect(results).toEqual(uses);
    expect(uses.every((id) => /^[a-zA-Z0-9_-]+$/.test(id))).toBe(true);
    expect(warnings).toEqual([
      {
        type: 'degraded',
        feature: 'tool-call.id',
        message: `Anthropic tool_use ids allow only letters, digits, _ and -; call "functions.get_weather:0" (and its result) was sent as "${uses[0]}".`,
      },
    ]);
  });

  it("does not send another provider's part metadata (a Gemini thoughtSignature), and says so", () => {
    const { value, warnings } = encodeAnthropicRequest(
      {
        messages: [
          user('q'),
          {
            role: 'assistant',
            content: [
              {
                type: 'tool-call',
                id: 'gemini-abc-0',
                name: 'f',
                args: { city: 'Paris' },
                providerMetadata: { gemini: { thoughtSignature: 'CvQBAdHt' } },
              },
            ],
          },
        ],
      },
      { model: 'm' },
    );
    expect(value.messages[1]?.content).toEqual([
      { type: 'tool_use', id: 'gemini-abc-0', name: 'f', input: { city: 'Paris' } },
    ]);
    expect(JSON.stringify(value)).not.toContain('CvQBAdHt');
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'tool-call.providerMetadata.gemini',
        message: 'Anthropic has no field for gemini data (thoughtSignature) on a tool-call part; it was not sent.',
      },
    ]);
  });

  it('puts server-side blocks kept on a text part back at their offsets', () => {
    const serverUse = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } };
    const result = { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] };
    const { value } = encodeAnthropicRequest(
      {
        messages: [
          user('q'),
          {
            role: 'assistant',
            content: [
              {
                type: 'text',
                text: 'Searching.Found it.',
                providerMetadata: {
                  anthropic: {
                    serverToolBlocks: [
                      { offset: 10, block: serverUse },
                      { offset: 10, block: result },
                    ],
                  },
                },
              },
            ],
          },
        ],
      },
      { model: 'm' },
    );
    expect(value.messages[1]?.content).toEqual([
      { type: 'text', text: 'Searching.' },
      serverUse,
      result,
      { type: 'text', text: 'Found it.' },
    ]);
  });

  it('sends the system prompt as a cached text block, and maps tool choice, parallel use and pass-through options', () => {
    const { value } = encodeAnthropicRequest(
      {
        system: 'You are a weather assistant.',
        messages: [user('hi')],
        tools: [weatherTool],
        toolChoice: 'required',
        temperature: 0.2,
        topP: 0.9,
        stopSequences: ['###'],
        providerOptions: {
          anthropic: {
            cache_control: { type: 'ephemeral' },
            disable_parallel_tool_use: true,
            thinking: { type: 'enabled', budget_tokens: 2048 },
            tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }],
            top_k: 5,
          },
        },
      },
      { model: 'm', stream: true },
    );
    expect(value).toMatchObject({
      system: [{ type: 'text', text: 'You are a weather assistant.', cache_control: { type: 'ephemeral' } }],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      temperature: 0.2,
      top_p: 0.9,
      stop_sequences: ['###'],
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      top_k: 5,
    });
    expect(value.tools).toEqual([
      { name: 'get_weather', description: '根据城市名查询实时天气', input_schema: weatherTool.inputSchema },
      { type: 'web_search_20250305', name: 'web_search', max_uses: 3 },
    ]);
    expect(value).not.toHaveProperty('cache_control');
    expect(value).not.toHaveProperty('disable_parallel_tool_use');
  });

  it('maps every tool choice', () => {
    const choice = (toolChoice: ChatRequest['toolChoice']) =>
      encodeAnthropicRequest(
        { messages: [user('x')], tools: [weatherTool], ...(toolChoice ? { toolChoice } : {}) },
        { model: 'm' },
      ).value.tool_choice;
    expect(choice('auto')).toEqual({ type: 'auto' });
    expect(choice('required')).toEqual({ type: 'any' });
    expect(choice('none')).toEqual({ type: 'none' });
    expect(choice({ type: 'tool', name: 'get_weather' })).toEqual({ type: 'tool', name: 'get_weather' });
    expect(choice(undefined)).toBeUndefined();
    const noTools = encodeAnthropicRequest({ messages: [user('x')], toolChoice: 'required' }, { model: 'm' });
    expect(noTools.value.tool_choice).toBeUndefined();
    expect(noTools.warnings).toEqual([expect.objectContaining({ feature: 'toolChoice' })]);
  });

  it('takes max_tokens from maxOutputTokens, else defaultMaxTokens (number or function), else the documented default', () => {
    const request: ChatRequest = { messages: [user('x')] };
    expect(
      encodeAnthropicRequest({ ...request, maxOutputTokens: 77 }, { model: 'm', defaultMaxTokens: 5 }).value.max_tokens,
    ).toBe(77);
    expect(encodeAnthropicRequest(request, { model: 'm', defaultMaxTokens: 5 }).value.max_tokens).toBe(5);
    expect(
      encodeAnthropicRequest(request, {
        model: 'claude-opus-4-1',
        defaultMaxTokens: (id) => (id.includes('opus') ? 32000 : undefined),
      }).value.max_tokens,
    ).toBe(32000);
    expect(encodeAnthropicRequest(request, { model: 'x', defaultMaxTokens: () => undefined }).value.max_tokens).toBe(
      ANTHROPIC_DEFAULT_MAX_TOKENS,
    );
    expect(ANTHROPIC_DEFAULT_MAX_TOKENS).toBe(4096);
  });

  it('rejects a base64 image without a media type, saying what it expected', () => {
    expect(() =>
      encodeAnthropicRequest(
        { messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', data: 'AAAA' } }] }] },
        { model: 'm' },
      ),
    ).toThrow(/Expected messages\[0\] image with base64 data to have a mediaType/);
  });

  it('sends PDFs as document blocks and warns about files Anthropic cannot take', () => {
    const { value, warnings } = encodeAnthropicRequest(
      {
        messages: [
          {
            role: 'user',
            content: [
              {
                type: 'file',
                source: { type: 'base64', data: 'JVBERi0' },
                mediaType: 'application/pdf',
                filename: 'a.pdf',
              },
              { type: 'file', source: { type: 'base64', data: 'UklGRg' }, mediaType: 'audio/wav' },
            ],
          },
        ],
      },
      { model: 'm' },
    );
    expect(value.messages[0]?.content).toEqual([
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0' }, title: 'a.pdf' },
      { type: 'text', text: '[audio/wav file left out: this model cannot read that file type.]' },
    ]);
    expect(warnings).toEqual([expect.objectContaining({ type: 'unsupported', feature: 'messages[0].file' })]);
  });
});
