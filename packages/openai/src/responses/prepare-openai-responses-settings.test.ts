import type { ChatRequest } from '@interlingua/core';
import { parseChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIResponsesRequest } from './decode-openai-responses-request';
import { encodeOpenAIResponsesRequest } from './encode-openai-responses-request';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, celsius: { type: 'number' } },
  required: ['city', 'celsius'],
  additionalProperties: false,
};

const request: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: '北京今天多少度？' }] }],
  reasoning: { effort: 'high', summary: true },
  responseFormat: { type: 'json', schema, name: 'weather', strict: true },
};

describe('Responses: reasoning and responseFormat', () => {
  it('encodes reasoning.effort / summary and text.format, and decodes them back to the same IR', () => {
    const { value: body, warnings } = encodeOpenAIResponsesRequest(request, { model: 'gpt-5-mini' });
    expect(body).toMatchObject({
      reasoning: { effort: 'high', summary: 'auto' },
      text: { format: { type: 'json_schema', name: 'weather', schema, strict: true } },
    });
    expect(warnings).toEqual([]);
    const decoded = decodeOpenAIResponsesRequest(body).value.request;
    expect(decoded.reasoning).toEqual({ effort: 'high', summary: true });
    expect(decoded.responseFormat).toEqual({ type: 'json', schema, name: 'weather', strict: true });
    expect(decoded.providerOptions?.openai?.reasoning).toBeUndefined();
    expect(decoded.providerOptions?.openai?.text).toBeUndefined();
    expect(() => parseChatRequest(decoded)).not.toThrow();
  });

  it('a budget alone becomes the nearest effort, with a warning; json without a schema is json_object', () => {
    const { value: body, warnings } = encodeOpenAIResponsesRequest(
      { ...request, reasoning: { budgetTokens: 1024 }, responseFormat: { type: 'json' } },
      { model: 'gpt-5-mini' },
    );
    expect((body as { reasoning?: { effort?: string } }).reasoning?.effort).toMatch(/^(minimal|low|medium|high)$/);
    expect(warnings.map((warning) => warning.feature)).toContain('reasoning.budgetTokens');
    expect((body as { text?: unknown }).text).toEqual({ format: { type: 'json_object' } });
  });

  it('keeps what the IR cannot say in providerOptions.openai, as it was', () => {
    const body = {
      model: 'gpt-5-mini',
      input: 'hi',
      reasoning: { effort: 'none' },
      text: { format: { type: 'text' }, verbosity: 'low' },
    };
    const decoded = decodeOpenAIResponsesRequest(body).value.request;
    expect(decoded.reasoning).toBeUndefined();
    expect(decoded.responseFormat).toBeUndefined();
    expect(decoded.providerOptions?.openai).toMatchObject({
      reasoning: { effort: 'none' },
      text: { format: { type: 'text' }, verbosity: 'low' },
    });
    // A summary kind the IR cannot name (it has only "a summary") stays native too.
    const concise = decodeOpenAIResponsesRequest({ ...body, reasoning: { effort: 'low', summary: 'concise' } }).value
      .request;
    expect(concise.reasoning).toBeUndefined();
    expect(concise.providerOptions?.openai?.reasoning).toEqual({ effort: 'low', summary: 'concise' });
  });
});
