import { InvalidRequestError } from '@interlingua/core';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIResponsesRequest } from './decode-openai-responses-request';
import { encodeOpenAIResponsesRequest } from './encode-openai-responses-request';
import { INTERLINGUA_REASONING_PREFIX } from './openai-responses-reasoning';

describe('decodeOpenAIResponsesRequest', () => {
  it('reads a Codex-style stateless body: developer message, reasoning, calls, outputs, hosted tools', () => {
    // Typed with the SDK's own params, so every field name is one the API takes.
    const body: ResponseCreateParamsNonStreaming = {
      model: 'gpt-5-codex',
      instructions: 'You are a coding agent.',
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Use the shell tool.' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files.' }] },
        { type: 'reasoning', id: 'rs_9', summary: [], encrypted_content: 'gAAAA-opaque' },
        { type: 'function_call', call_id: 'call_ls', name: 'shell', arguments: '{"command":["ls"]}' },
        { type: 'function_call_output', call_id: 'call_ls', output: 'README.md\nsrc' },
        {
          type: 'message',
          role: 'assistant',
          id: 'msg_1',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Two entries.', annotations: [] }],
        },
        { role: 'user', content: 'Thanks' },
      ],
      tools: [
        {
          type: 'function',
          name: 'shell',
          description: 'Run a command',
          parameters: { type: 'object' },
          strict: false,
        },
        { type: 'web_search' },
      ],
      tool_choice: 'auto',
      parallel_tool_calls: false,
      reasoning: { effort: 'high', summary: 'auto' },
      store: false,
      include: ['reasoning.encrypted_content'],
      prompt_cache_key: 'session-1',
      max_output_tokens: 4096,
    };
    const { value, warnings } = decodeOpenAIResponsesRequest({ ...body, stream: true });
    expect(value.model).toBe('gpt-5-codex');
    expect(value.stream).toBe(true);
    expect(value.request).toEqual({
      system: 'You are a coding agent.\n\nUse the shell tool.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'List the files.' }] },
        {
          role: 'assistant',
          content: [
            {
              type: 'reasoning',
              text: '',
              providerMetadata: { openai: { itemId: 'rs_9', encryptedContent: 'gAAAA-opaque' } },
            },
            { type: 'tool-call', id: 'call_ls', name: 'shell', args: { command: ['ls'] } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_ls',
              toolName: 'shell',
              content: [{ type: 'text', text: 'README.md\nsrc' }],
              isError: false,
            },
          ],
        },
        { role: 'assistant', content: [{ type: 'text', text: 'Two entries.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
      ],
      // `web_search` is a hosted tool of the IR (issue 31), at its place.
      tools: [
        { name: 'shell', description: 'Run a command', inputSchema: { type: 'object' } },
        { type: 'hosted-tool', kind: 'web-search' },
      ],
      toolChoice: 'auto',
      maxOutputTokens: 4096,
      reasoning: { effort: 'high', summary: true },
      // The neutral prompt-cache setting (issue 31); encodeRequest writes prompt_cache_key again.
      promptCache: { key: 'session-1' },
      providerOptions: {
        openai: {
          parallel_tool_calls: false,
        },
      },
    });
    expect(warnings.map((warning) => warning.feature)).toEqual([]);
    // And back: the same stateless body, the hosted tool after the function tool.
    const again = encodeOpenAIResponsesRequest(value.request, { model: 'gpt-5-codex' }).value;
    expect(again).toMatchObject({
      prompt_cache_key: 'session-1',
      store: false,
      include: ['reasoning.encrypted_content'],
      tools: [{ type: 'function', name: 'shell' }, { type: 'web_search' }],
      input: expect.arrayContaining([
        { type: 'reasoning', id: 'rs_9', summary: [], encrypted_content: 'gAAAA-opaque' },
      ]),
    });
  });

  it('restores another provider’s reasoning from the envelope the gateway wrote', () => {
    const envelope = `${INTERLINGUA_REASONING_PREFIX}${JSON.stringify({ signature: 'sig-1', providerMetadata: { anthropic: { a: 1 } } })}`;
    const { value } = decodeOpenAIResponsesRequest({
      model: 'claude',
      input: [
        { role: 'user', content: 'Hi' },
        {
          type: 'reasoning',
          id: 'rs_x',
          summary: [{ type: 'summary_text', text: 'thinking' }],
          encrypted_content: envelope,
        },
        {
          type: 'reasoning',
          id: 'rs_y',
          summary: [],
          encrypted_content: `${INTERLINGUA_REASONING_PREFIX}{"redacted":"blob"}`,
        },
        { type: 'message', role: 'assistant', content: [{ type: 'refusal', refusal: 'No.' }] },
      ],
    });
    expect(value.request.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'thinking', signature: 'sig-1', providerMetadata: { anthropic: { a: 1 } } },
        { type: 'reasoning', text: '', redacted: 'blob' },
        { type: 'text', text: 'No.', providerMetadata: { openai: { refusal: true } } },
      ],
    });
  });

  it('keeps provider-executed items, images, files, error markers and other include values', () => {
    const { value } = decodeOpenAIResponsesRequest({
      model: 'gpt-4.1',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Look' },
            { type: 'input_image', image_url: 'data:image/jpeg;base64,/9j/', detail: 'high' },
            { type: 'input_file', file_data: 'data:application/pdf;base64,JVBE', filename: 'a.pdf' },
          ],
        },
        { type: 'web_search_call', id: 'ws_1', status: 'completed', action: { type: 'search', query: 'x' } },
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
        {
          type: 'function_call_output',
          call_id: 'c1',
          output: [
            { type: 'input_text', text: '[tool error] boom' },
            { type: 'input_image', image_url: 'https://example.org/i.png' },
          ],
        },
      ],
      store: true,
      include: ['reasoning.encrypted_content', 'web_search_call.action.sources'],
    });
    expect(value.request.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          {
            type: 'image',
            source: { type: 'base64', data: '/9j/' },
            mediaType: 'image/jpeg',
            providerMetadata: { openai: { detail: 'high' } },
          },
          { type: 'file', source: { type: 'base64', data: 'JVBE' }, mediaType: 'application/pdf', filename: 'a.pdf' },
        ],
      },
      {
        role: 'assistant',
        content: [
          // A web search the provider ran: its call and result parts (issue 31).
          {
            type: 'hosted-tool-call',
            id: 'ws_1',
            kind: 'web-search',
            name: 'web_search',
            input: { query: 'x' },
            providerMetadata: {
              openai: {
                item: {
                  type: 'web_search_call',
                  id: 'ws_1',
                  status: 'completed',
                  action: { type: 'search', query: 'x' },
                },
              },
            },
          },
          {
            type: 'hosted-tool-result',
            callId: 'ws_1',
            kind: 'web-search',
            name: 'web_search',
            sources: [],
            providerMetadata: { openai: { inItem: true } },
          },
          { type: 'tool-call', id: 'c1', name: 'f', args: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'f',
            content: [
              { type: 'text', text: 'boom' },
              { type: 'image', source: { type: 'url', url: 'https://example.org/i.png' } },
            ],
            isError: true,
          },
        ],
      },
    ]);
    expect(value.request.providerOptions).toEqual({
      openai: { store: true, include: ['web_search_call.action.sources'] },
    });
  });

  it('reads a plain string input as one user turn', () => {
    expect(decodeOpenAIResponsesRequest({ model: 'gpt-4.1', input: 'Hello' }).value.request).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
    });
  });

  it('rejects state it cannot hold: previous_response_id, conversation, item_reference', () => {
    const cases = [
      { model: 'gpt-5', input: 'Hi', previous_response_id: 'resp_1' },
      { model: 'gpt-5', input: 'Hi', conversation: 'conv_1' },
      { model: 'gpt-5', input: [{ type: 'item_reference', id: 'msg_1' }] },
    ];
    for (const body of cases) expect(() => decodeOpenAIResponsesRequest(body)).toThrow(InvalidRequestError);
    expect(() => decodeOpenAIResponsesRequest(cases[0])).toThrow(/`previous_response_id`: this endpoint is stateless/);
    expect(() => decodeOpenAIResponsesRequest(cases[2])).toThrow(/input\[0\], a reference to the stored item "msg_1"/);
  });

  it('names the field of a malformed body', () => {
    const bad: [unknown, RegExp][] = [
      [null, /Expected a Responses API request body: \(root\)/],
      [{ input: [{ type: 'function_call', name: 'f', arguments: '{}' }] }, /input\[0\]\.call_id/],
      [{ input: [{ role: 'user', content: [{ type: 'input_text' }] }] }, /input\[0\]\.content\[0\]\.text/],
      [{ input: [{ role: 'robot', content: 'x' }] }, /input\[0\]\.role/],
      [{ input: [{ foo: 1 }] }, /input\[0\]: expected an item with a type or a role/],
      [{ tools: [{ type: 'function' }] }, /tools\[0\]\.name/],
      [{ input: 'x', max_output_tokens: -1 }, /max_output_tokens/],
    ];
    for (const [body, message] of bad) {
      expect(() => decodeOpenAIResponsesRequest(body)).toThrow(InvalidRequestError);
      expect(() => decodeOpenAIResponsesRequest(body)).toThrow(message);
    }
  });
});
