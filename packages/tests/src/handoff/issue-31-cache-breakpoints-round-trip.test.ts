// Issue 31, item 3: a conversation with three prompt-cache breakpoints (a tool, a system block, the
// newest user turn) moves Anthropic → Bedrock → Anthropic and keeps all three, in place, TTL
// included: `cache_control` → neutral `cacheBreakpoint` → `cachePoint` → `cacheBreakpoint` →
// `cache_control`. Every codec direction of the two request formats is on the way.
import { anthropicCodec } from '@interlingua/anthropic';
import { bedrockCodec } from '@interlingua/bedrock';
import type { ChatRequest } from '@interlingua/core';
import { functionToolsOf } from '@interlingua/core';
import { describe, expect, it } from 'vitest';

const MODEL = 'claude-sonnet-4-5';
// An agent's request as the Messages API reference shows prompt caching: a breakpoint after the
// tools, after the long system block, and on the last user turn.
const anthropicBody = {
  model: MODEL,
  max_tokens: 1024,
  system: [
    { type: 'text', text: 'You are a contracts assistant.' },
    { type: 'text', text: 'Contract text: … (long)', cache_control: { type: 'ephemeral', ttl: '1h' } },
  ],
  tools: [
    { name: 'find_clause', description: 'Finds a clause.', input_schema: { type: 'object', properties: {} } },
    {
      name: 'quote_clause',
      description: 'Quotes a clause.',
      input_schema: { type: 'object', properties: { id: { type: 'string' } } },
      cache_control: { type: 'ephemeral' },
    },
  ],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What is the notice period?' }] },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'find_clause', input: { topic: 'termination' } }],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Clause 12: 30 days written notice.' },
        { type: 'text', text: 'Quote it.', cache_control: { type: 'ephemeral' } },
      ],
    },
  ],
};

// Every breakpoint of an IR request, where it sits.
function breakpoints(request: ChatRequest): string[] {
  const found: string[] = [];
  functionToolsOf(request.tools).forEach((tool) => {
    if (tool.cacheBreakpoint) found.push(`tool ${tool.name} ${JSON.stringify(tool.cacheBreakpoint)}`);
  });
  request.systemParts?.forEach((part, index) => {
    if (part.cacheBreakpoint) found.push(`system ${index} ${JSON.stringify(part.cacheBreakpoint)}`);
  });
  request.messages.forEach((message, index) => {
    for (const part of message.content)
      if ('cacheBreakpoint' in part && part.cacheBreakpoint)
        found.push(`message ${index} ${part.type} ${JSON.stringify(part.cacheBreakpoint)}`);
  });
  return found;
}

describe('three cache breakpoints, Anthropic → Bedrock → Anthropic', () => {
  it('keeps all three, in place, with their TTLs', () => {
    const first = anthropicCodec.decodeRequest(anthropicBody);
    expect(first.warnings).toEqual([]);
    const expected = [
      'tool quote_clause {}',
      'system 1 {"ttl":"1h"}',
      'message 3 text {}', // the tool result is message 2, the user's text message 3
    ];
    expect(breakpoints(first.value.request)).toEqual(expected);

    const converse = bedrockCodec.encodeRequest(first.value.request, { model: MODEL });
    expect(converse.warnings).toEqual([]);
    expect(converse.value.toolConfig?.tools.at(-1)).toEqual({ cachePoint: { type: 'default' } });
    expect(converse.value.system).toEqual([
      { text: 'You are a contracts assistant.' },
      { text: 'Contract text: … (long)' },
      { cachePoint: { type: 'default', ttl: '1h' } },
    ]);
    expect(converse.value.messages.at(-1)?.content.at(-1)).toEqual({ cachePoint: { type: 'default' } });

    // Bedrock's own request back to IR (as the gateway's Bedrock route would read it).
    const second = bedrockCodec.decodeRequest(JSON.parse(JSON.stringify(converse.value)));
    expect(breakpoints(second.value.request)).toEqual(expected);

    const back = anthropicCodec.encodeRequest(second.value.request, { model: MODEL });
    expect(back.warnings).toEqual([]);
    expect(back.value.system).toEqual(anthropicBody.system);
    expect(back.value.tools?.map((tool) => tool.cache_control)).toEqual([undefined, { type: 'ephemeral' }]);
    expect(back.value.messages.at(-1)?.content.at(-1)).toEqual({
      type: 'text',
      text: 'Quote it.',
      cache_control: { type: 'ephemeral' },
    });
    expect(JSON.stringify(back.value).split('"cache_control"').length - 1).toBe(3);
  });

  it('reads the older providerMetadata.anthropic.cache_control form too, on both providers', () => {
    const request: ChatRequest = {
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: 'Long document …',
              providerMetadata: { anthropic: { cache_control: { type: 'ephemeral' } } },
            },
          ],
        },
      ],
    };
    expect(anthropicCodec.encodeRequest(request, { model: MODEL }).value.messages[0]?.content[0]).toMatchObject({
      cache_control: { type: 'ephemeral' },
    });
    expect(bedrockCodec.encodeRequest(request, { model: MODEL }).value.messages[0]?.content).toEqual([
      { text: 'Long document …' },
      { cachePoint: { type: 'default' } },
    ]);
  });
});
