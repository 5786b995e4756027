import type { ChatRequest, Message } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { encodeOpenAIResponsesRequest } from './encode-openai-responses-request';

const png = 'iVBORw0KGgo=';
const weather = {
  name: 'get_weather',
  description: 'Current weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};
const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const webSearch = { id: 'ws_1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'q' } };

describe('encodeOpenAIResponsesRequest', () => {
  it('sends a stateless body: instructions, input items, strict: false tools, store false, encrypted reasoning', () => {
    const request: ChatRequest = {
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?' },
            { type: 'image', source: { type: 'base64', data: png }, mediaType: 'image/png' },
            { type: 'file', source: { type: 'base64', data: 'JVBERi0=' }, mediaType: 'application/pdf' },
            { type: 'file', source: { type: 'url', url: 'https://example.org/a.pdf' }, mediaType: 'application/pdf' },
          ],
        },
        {
          role: 'assistant',
          content: [
            {
              type: 'reasoning',
              text: 'Need the weather.',
              providerMetadata: { openai: { itemId: 'rs_1', encryptedContent: 'gAAAA-enc' } },
            },
            {
              type: 'text',
              text: 'Searching. Found it.',
              providerMetadata: { openai: { serverItems: [{ offset: 11, item: webSearch }] } },
            },
            {
              type: 'tool-call',
              id: 'call_1',
              name: 'get_weather',
              args: {},
              argsText: '{"city":"Par',
              argsError: 'x',
            },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'get_weather',
              content: [
                { type: 'text', text: 'upstream 503' },
                { type: 'image', source: { type: 'url', url: 'https://example.org/radar.png' } },
              ],
              isError: true,
            },
          ],
        },
        user('Try again.'),
      ],
      tools: [weather],
      toolChoice: { type: 'tool', name: 'get_weather' },
      maxOutputTokens: 512,
      temperature: 0.2,
      topP: 0.9,
    };
    const { value, warnings } = encodeOpenAIResponsesRequest(request, { model: 'gpt-5', stream: true });
    expect(warnings).toEqual([]);
    expect(value).toEqual({
      model: 'gpt-5',
      instructions: 'Be brief.',
      input: [
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Weather here?' },
            { type: 'input_image', image_url: `data:image/png;base64,${png}`, detail: 'auto' },
            { type: 'input_file', file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'attachment.pdf' },
            { type: 'input_file', file_url: 'https://example.org/a.pdf' },
          ],
        },
        {
          type: 'reasoning',
          id: 'rs_1',
          summary: [{ type: 'summary_text', text: 'Need the weather.' }],
          encrypted_content: 'gAAAA-enc',
        },
        { type: 'message', role: 'assistant', content: 'Searching. ' },
        webSearch,
        { type: 'message', role: 'assistant', content: 'Found it.' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Par' },
        {
          type: 'function_call_output',
          call_id: 'call_1',
          output: [
            { type: 'input_text', text: '[tool error] upstream 503' },
            { type: 'input_image', image_url: 'https://example.org/radar.png', detail: 'auto' },
          ],
        },
        { type: 'message', role: 'user', content: 'Try again.' },
      ],
      tools: [
        {
          type: 'function',
          name: 'get_weather',
          description: 'Current weather',
          parameters: weather.inputSchema,
          strict: false,
        },
      ],
      tool_choice: { type: 'function', name: 'get_weather' },
      max_output_tokens: 512,
      temperature: 0.2,
      top_p: 0.9,
      store: false,
      include: ['reasoning.encrypted_content'],
      stream: true,
    });
  });

  it('asks for encrypted reasoning only from reasoning models, and not at all with store: true', () => {
    const request: ChatRequest = { messages: [user('Hi')] };
    expect(encodeOpenAIResponsesRequest(request, { model: 'gpt-4.1' }).value).toEqual({
      model: 'gpt-4.1',
      input: [{ type: 'message', role: 'user', content: 'Hi' }],
      store: false,
    });
    expect(encodeOpenAIResponsesRequest(request, { model: 'gpt-5-chat-latest' }).value).not.toHaveProperty('include');
    expect(encodeOpenAIResponsesRequest(request, { model: 'gpt-4.1', encryptedReasoning: true }).value).toMatchObject({
      include: ['reasoning.encrypted_content'],
    });
    const stored = encodeOpenAIResponsesRequest(
      { ...request, providerOptions: { openai: { store: true } } },
      { model: 'o4-mini' },
    ).value;
    expect(stored).toMatchObject({ store: true });
    expect(stored).not.toHaveProperty('include');
  });

  it('drops reasoning it cannot replay, with a warning, and another provider’s metadata', () => {
    const request: ChatRequest = {
      messages: [
        user('Hi'),
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'Claude thinking', signature: 'sig-anthropic' },
            { type: 'reasoning', text: 'Stored only', providerMetadata: { openai: { itemId: 'rs_stored' } } },
            { type: 'text', text: 'Hello', providerMetadata: { gemini: { thoughtSignature: 'sig-gemini' } } },
          ],
        },
        user('Again'),
      ],
    };
    const { value, warnings } = encodeOpenAIResponsesRequest(request, { model: 'gpt-5' });
    expect(JSON.stringify(value)).not.toMatch(/sig-anthropic|sig-gemini|rs_stored/);
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'reasoning',
      'reasoning.encryptedContent',
      'text.providerMetadata.gemini',
    ]);
    // With stored responses the API finds the item by id.
    const stored = encodeOpenAIResponsesRequest(
      { ...request, providerOptions: { openai: { store: true } } },
      { model: 'gpt-5' },
    ).value;
    expect(stored.input).toContainEqual({
      type: 'reasoning',
      id: 'rs_stored',
      summary: [{ type: 'summary_text', text: 'Stored only' }],
    });
  });

  it('translates the Chat Completions spellings of providerOptions.openai and adds hosted tools', () => {
    const { value, warnings } = encodeOpenAIResponsesRequest(
      {
        messages: [user('Hi')],
        tools: [weather],
        stopSequences: ['END'],
        providerOptions: {
          openai: {
            reasoning_effort: 'high',
            reasoning: { summary: 'auto' },
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'answer', schema: { type: 'object' }, strict: true },
            },
            verbosity: 'low',
            parallel_tool_calls: false,
            tools: [{ type: 'web_search' }],
            include: ['web_search_call.action.sources'],
            seed: 7,
            input: 'ignored',
          },
        },
      },
      { model: 'gpt-5', strictTools: true },
    );
    expect(value).toMatchObject({
      reasoning: { effort: 'high', summary: 'auto' },
      text: {
        format: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true },
        verbosity: 'low',
      },
      parallel_tool_calls: false,
      tools: [{ type: 'function', name: 'get_weather', strict: true }, { type: 'web_search' }],
      include: ['reasoning.encrypted_content', 'web_search_call.action.sources'],
      input: [{ type: 'message', role: 'user', content: 'Hi' }],
    });
    expect(value).not.toHaveProperty('seed');
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'stopSequences',
      'providerOptions.openai.seed',
      'providerOptions.openai.input',
    ]);
  });

  it('warns about a tool choice without tools and about audio, which Responses input cannot carry', () => {
    const { value, warnings } = encodeOpenAIResponsesRequest(
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Listen' },
              { type: 'file', source: { type: 'base64', data: 'UklGRg==' }, mediaType: 'audio/wav' },
            ],
          },
        ],
        toolChoice: 'required',
      },
      { model: 'gpt-4.1' },
    );
    expect(value).not.toHaveProperty('tool_choice');
    expect(value.input).toEqual([{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Listen' }] }]);
    expect(warnings.map((warning) => warning.feature)).toEqual(['messages[0].content[1]', 'toolChoice']);
  });
});
