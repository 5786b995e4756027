import { type ChatRequest, SchemaConversionError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeGeminiRequest } from './decode-gemini-request';
import { decodeGeminiResponse } from './decode-gemini-response';
import { encodeGeminiRequest } from './encode-gemini-request';

const model = 'gemini-2.5-flash';
const weather = {
  name: 'get_weather',
  description: 'Weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

// The request body fields of the REST reference; the model is a path parameter.
// https://ai.google.dev/api/generate-content#request-body
const REST_BODY_FIELDS = [
  'contents',
  'tools',
  'toolConfig',
  'safetySettings',
  'systemInstruction',
  'generationConfig',
  'cachedContent',
];

describe('encodeGeminiRequest', () => {
  it('encodes the documented REST body: only its fields, no `model` (the model is in the URL)', () => {
    const { value } = encodeGeminiRequest(
      {
        system: 'Be brief.',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        tools: [weather],
        toolChoice: 'auto',
        maxOutputTokens: 64,
        providerOptions: { gemini: { safetySettings: [], cachedContent: 'cachedContents/abc' } },
      },
      { model: 'gemini-2.5-flash', stream: true },
    );
    expect(Object.keys(value).sort()).toEqual([...REST_BODY_FIELDS].sort());
    expect(value).not.toHaveProperty('model');
    expect(JSON.stringify(value)).not.toContain('gemini-2.5-flash');
  });

  it('puts system in systemInstruction, maps roles and merges same-role turns', () => {
    const { value } = encodeGeminiRequest(
      {
        system: 'Be brief.',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
          {
            role: 'user',
            content: [{ type: 'image', source: { type: 'base64', data: 'iVBORw0KGgo=' }, mediaType: 'image/png' }],
          },
          { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
        ],
        maxOutputTokens: 256,
        temperature: 0.2,
        topP: 0.9,
        stopSequences: ['END'],
      },
      { model },
    );
    expect(value).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Hi' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
        { role: 'model', parts: [{ text: 'Hello!' }] },
      ],
      generationConfig: { maxOutputTokens: 256, temperature: 0.2, topP: 0.9, stopSequences: ['END'] },
    });
  });

  it('sends calls and ONE user turn of functionResponse parts in call order, with ids only where Gemini gave them', () => {
    const first = decodeGeminiResponse({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { functionCall: { name: 'get_weather', args: { city: 'Tokyo' } }, thoughtSignature: 'sig-1' },
              { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
              { functionCall: { name: 'get_time', args: {}, id: 'fc_77' } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      responseId: 'resp-1',
    });
    const [tokyo, paris, time] = first.message.content as { id: string }[];
    const request: ChatRequest = {
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Tokyo and Paris, and the time?' }] },
        first.message,
        {
          role: 'tool',
          // Out of order on purpose: the wire order follows the calls.
          content: [
            {
              type: 'tool-result',
              toolCallId: time?.id ?? '',
              toolName: 'get_time',
              content: [{ type: 'text', text: '09:00' }],
              isError: false,
            },
            {
              type: 'tool-result',
              toolCallId: paris?.id ?? '',
              toolName: 'get_weather',
              content: [{ type: 'text', text: 'City not found' }],
              isError: true,
            },
            {
              type: 'tool-result',
              toolCallId: tokyo?.id ?? '',
              toolName: 'get_weather',
              content: [
                { type: 'text', text: 'Sunny, 25°C' },
                { type: 'image', source: { type: 'base64', data: 'R0lGODlh' }, mediaType: 'image/gif' },
              ],
              isError: false,
            },
          ],
        },
      ],
    };
    const { value } = encodeGeminiRequest(request, { model });
    expect(value.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather in Tokyo and Paris, and the time?' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'get_weather', args: { city: 'Tokyo' } }, thoughtSignature: 'sig-1' },
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
          { functionCall: { name: 'get_time', args: {}, id: 'fc_77' } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { output: 'Sunny, 25°C' } } },
          { inlineData: { mimeType: 'image/gif', data: 'R0lGODlh' } },
          { functionResponse: { name: 'get_weather', response: { error: 'City not found' } } },
          { functionResponse: { name: 'get_time', id: 'fc_77', response: { output: '09:00' } } },
        ],
      },
    ]);
    // …and the gateway direction (which sees no response ids) synthesizes ids for the calls and
    // maps each result back to its call by name and order, error flag and image included.
    const decoded = decodeGeminiRequest(value).value.request;
    const calls = decoded.messages[1]?.content as { id: string; name: string }[];
    expect(calls.map((call) => call.name)).toEqual(['get_weather', 'get_weather', 'get_time']);
    expect(calls[2]?.id).toBe('fc_77');
    expect(new Set(calls.map((call) => call.id)).size).toBe(3);
    const results = decoded.messages[2]?.content as { toolCallId: string; isError: boolean; content: unknown[] }[];
    expect(results.map((result) => [result.toolCallId, result.isError, result.content.length])).toEqual([
      [calls[0]?.id, false, 2],
      [calls[1]?.id, true, 1],
      ['fc_77', false, 1],
    ]);
  });

  it('joins a result’s text parts with newlines into response.output', () => {
    const { value } = encodeGeminiRequest(
      {
        messages: [
          { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'ls', args: {} }] },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'c1',
                toolName: 'ls',
                content: [
                  { type: 'text', text: 'a.txt' },
                  { type: 'text', text: 'b.txt' },
                ],
                isError: false,
              },
            ],
          },
        ],
      },
      { model },
    );
    expect(value.contents[1]?.parts).toEqual([
      { functionResponse: { name: 'ls', response: { output: 'a.txt\nb.txt' } } },
    ]);
  });

  it('replays thought signatures on the parts they came on (reasoning, text, calls)', () => {
    const { value } = encodeGeminiRequest(
      {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Plan it.' }] },
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'Thinking…' },
              { type: 'text', text: 'Done.', providerMetadata: { gemini: { thoughtSignature: 'sig-text' } } },
            ],
          },
        ],
      },
      { model },
    );
    expect(value.contents[1]).toEqual({
      role: 'model',
      parts: [
        { text: 'Thinking…', thought: true },
        { text: 'Done.', thoughtSignature: 'sig-text' },
      ],
    });
  });

  it("does not send another provider's part metadata, and says so", () => {
    const { value, warnings } = encodeGeminiRequest(
      {
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Search.' }] },
          {
            role: 'assistant',
            content: [{ type: 'text', text: 'Found it.', providerMetadata: { anthropic: { serverToolBlocks: [] } } }],
          },
        ],
      },
      { model },
    );
    expect(value.contents[1]).toEqual({ role: 'model', parts: [{ text: 'Found it.' }] });
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'messages[1].content[0].providerMetadata.anthropic',
        message: 'Gemini has no field for anthropic data (serverToolBlocks) on a text part; it was not sent.',
      },
    ]);
  });

  it('signs the first call of an unsigned call turn with the documented sentinel for Gemini 3 only', () => {
    const request: ChatRequest = {
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', id: 'toolu_01A', name: 'get_weather', args: { city: 'Paris' } },
            { type: 'tool-call', id: 'toolu_01B', name: 'get_weather', args: { city: 'Rome' } },
          ],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'toolu_01A', toolName: 'get_weather', content: [], isError: false },
            { type: 'tool-result', toolCallId: 'toolu_01B', toolName: 'get_weather', content: [], isError: false },
          ],
        },
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              id: 'gemini-x-0',
              name: 'get_weather',
              args: { city: 'Oslo' },
              providerMetadata: { gemini: { thoughtSignature: 'real-sig' } },
            },
          ],
        },
      ],
    };
    const gemini3 = encodeGeminiRequest(request, { model: 'gemini-3-pro-preview' });
    expect(gemini3.value.contents[1]?.parts.map((part) => part.thoughtSignature)).toEqual([
      'skip_thought_signature_validator',
      undefined,
    ]);
    expect(gemini3.value.contents[3]?.parts[0]?.thoughtSignature).toBe('real-sig');
    expect(gemini3.warnings).toEqual([
      expect.objectContaining({ type: 'degraded', feature: 'messages[1].content[0].thoughtSignature' }),
    ]);
    const gemini25 = encodeGeminiRequest(request, { model });
    expect(gemini25.value.contents[1]?.parts.map((part) => part.thoughtSignature)).toEqual([undefined, undefined]);
    expect(gemini25.warnings).toEqual([]);
  });

  it('maps toolChoice to functionCallingConfig', () => {
    const config = (toolChoice: ChatRequest['toolChoice']) =>
      encodeGeminiRequest(
        { messages: [], tools: [weather], ...(toolChoice === undefined ? {} : { toolChoice }) },
        { model },
      ).value.toolConfig;
    expect(config(undefined)).toBeUndefined();
    expect(config('auto')).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(config('none')).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(config('required')).toEqual({ functionCallingConfig: { mode: 'ANY' } });
    expect(config({ type: 'tool', name: 'get_weather' })).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] },
    });
  });

  it('declares tools, omitting parameters for a tool without arguments and reporting dropped keywords', () => {
    const { value, warnings } = encodeGeminiRequest(
      {
        messages: [],
        tools: [
          weather,
          {
            name: 'now',
            description: 'Current time',
            inputSchema: { type: 'object', properties: {}, additionalProperties: false },
          },
        ],
      },
      { model },
    );
    expect(value.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'get_weather', description: 'Weather for a city', parameters: weather.inputSchema },
          { name: 'now', description: 'Current time' },
        ],
      },
    ]);
    expect(warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'tools[1].inputSchema.additionalProperties',
        message:
          'Tool "now": Gemini does not accept this keyword in function parameters; dropped "additionalProperties" at the schema root.',
      },
    ]);
  });

  it('fails with SchemaConversionError on a recursive tool schema', () => {
    const recursive = { type: 'object', properties: { next: { $ref: '#' } } };
    expect(() =>
      encodeGeminiRequest(
        { messages: [], tools: [{ name: 'list', description: 'd', inputSchema: recursive }] },
        { model },
      ),
    ).toThrowError(SchemaConversionError);
  });

  it('routes providerOptions.gemini: thinkingConfig into generationConfig, safetySettings to the top', () => {
    const safetySettings = [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }];
    const { value } = encodeGeminiRequest(
      {
        messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
        providerOptions: {
          gemini: { thinkingConfig: { thinkingBudget: 1024, includeThoughts: true }, safetySettings, topK: 40 },
        },
      },
      { model },
    );
    expect(value.generationConfig).toEqual({
      thinkingConfig: { thinkingBudget: 1024, includeThoughts: true },
      topK: 40,
    });
    expect(value.safetySettings).toEqual(safetySettings);
    // The thinking settings come back as the IR's `reasoning`; the rest stays provider options.
    const decoded = decodeGeminiRequest(value).value.request;
    expect(decoded.reasoning).toEqual({ budgetTokens: 1024, summary: true });
    expect(decoded.providerOptions).toEqual({ gemini: { topK: 40, safetySettings } });
  });

  it('warns instead of silently dropping what Gemini cannot carry', () => {
    const { value, warnings } = encodeGeminiRequest(
      {
        messages: [
          {
            role: 'user',
            content: [
              {
                type: 'file',
                source: { type: 'base64', data: 'JVBERi0=' },
                mediaType: 'application/pdf',
                filename: 'a.pdf',
              },
            ],
          },
          {
            role: 'assistant',
            content: [{ type: 'tool-call', id: 'call_1', name: 'f', args: {}, argsText: '{"a":', argsError: 'bad' }],
          },
        ],
      },
      { model },
    );
    expect(value.contents[1]?.parts).toEqual([{ functionCall: { name: 'f', args: {} } }]);
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'messages[0].content[0].filename',
      'messages[1].content[0].argsText',
    ]);
  });
});
