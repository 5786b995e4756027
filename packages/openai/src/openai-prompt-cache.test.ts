import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeOpenAIRequest } from './decode-openai-request';
import { encodeOpenAIRequest } from './encode-openai-request';
import { decodeOpenAIResponsesRequest } from './responses/decode-openai-responses-request';
import { encodeOpenAIResponsesRequest } from './responses/encode-openai-responses-request';

// Issue 31, item 3: the neutral prompt-cache settings are OpenAI's prompt_cache_key and
// prompt_cache_retention, in Chat Completions and in Responses alike; breakpoints need no field
// (OpenAI caches prefixes by itself) and cost no warning.
const request: ChatRequest = {
  systemParts: [{ type: 'text', text: 'You are terse.', cacheBreakpoint: { ttl: '1h' } }],
  system: 'You are terse.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', cacheBreakpoint: {} }] }],
  tools: [{ name: 'look_up', description: 'Looks up.', inputSchema: { type: 'object' }, cacheBreakpoint: {} }],
  promptCache: { key: 'tenant-42', retention: 'extended' },
  toolArgumentStreaming: true,
};

describe('promptCache on OpenAI', () => {
  it('Chat Completions: prompt_cache_key and prompt_cache_retention both ways, marks without a warning', () => {
    const { value, warnings } = encodeOpenAIRequest(request, { model: 'gpt-5' });
    expect(warnings).toEqual([]);
    expect(value).toMatchObject({ prompt_cache_key: 'tenant-42', prompt_cache_retention: '24h' });
    expect(JSON.stringify(value)).not.toMatch(/cache_control|cacheBreakpoint|eager/);
    const back = decodeOpenAIRequest(JSON.parse(JSON.stringify(value))).value.request;
    expect(back.promptCache).toEqual({ key: 'tenant-42', retention: 'extended' });
    expect(back.providerOptions).toBeUndefined();
  });

  it('Responses: the same fields, in_memory for the default retention', () => {
    const { value, warnings } = encodeOpenAIResponsesRequest(
      { ...request, promptCache: { retention: 'default' } },
      { model: 'gpt-5' },
    );
    expect(warnings).toEqual([]);
    expect(value).toMatchObject({ prompt_cache_retention: 'in_memory' });
    expect(value).not.toHaveProperty('prompt_cache_key');
    const back = decodeOpenAIResponsesRequest(JSON.parse(JSON.stringify(value))).value.request;
    expect(back.promptCache).toEqual({ retention: 'default' });
  });

  it('a retention the IR cannot say stays a provider option', () => {
    const decoded = decodeOpenAIRequest({
      model: 'gpt-5',
      messages: [{ role: 'user', content: 'Hi' }],
      prompt_cache_retention: '7d',
    }).value.request;
    expect(decoded.promptCache).toBeUndefined();
    expect(decoded.providerOptions).toEqual({ openai: { prompt_cache_retention: '7d' } });
  });
});
