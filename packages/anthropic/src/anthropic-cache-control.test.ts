import type { ChatRequest } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { anthropicCodec } from './anthropic-codec';

const text = (value: string, ttl?: '1h') => ({
  type: 'text' as const,
  text: value,
  cacheBreakpoint: ttl === undefined ? {} : { ttl },
});

describe('cache breakpoints on Anthropic', () => {
  it('past four, keeps the first three and the last, and names each one left out in a warning', () => {
    const request: ChatRequest = {
      system: 'A\nB',
      systemParts: [text('A', '1h'), text('B')],
      tools: [{ name: 'look_up', description: 'Looks up.', inputSchema: { type: 'object' }, cacheBreakpoint: {} }],
      messages: [
        { role: 'user', content: [text('one')] },
        { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
        { role: 'user', content: [text('two')] },
        { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
        { role: 'user', content: [text('three')] },
      ],
    };
    const { value, warnings } = anthropicCodec.encodeRequest(request, { model: 'claude-sonnet-4-6' });
    const marked = JSON.stringify(value).split('"cache_control"').length - 1;
    expect(marked).toBe(4);
    // Tools, then system: the tool and both system blocks stay, and the newest user turn.
    expect(value.tools?.[0]).toHaveProperty('cache_control');
    expect(value.system).toEqual([
      { type: 'text', text: 'A', cache_control: { type: 'ephemeral', ttl: '1h' } },
      { type: 'text', text: 'B', cache_control: { type: 'ephemeral' } },
    ]);
    expect(value.messages.at(-1)?.content[0]).toHaveProperty('cache_control');
    expect(warnings.map((warning) => warning.feature)).toEqual([
      'messages[0].content[0].cacheBreakpoint',
      'messages[2].content[0].cacheBreakpoint',
    ]);
    expect(warnings[0]?.message).toMatch(/at most 4 prompt-cache breakpoints/);
  });

  it('warns that promptCache has no Anthropic field', () => {
    const { value, warnings } = anthropicCodec.encodeRequest(
      { messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], promptCache: { key: 'k' } },
      { model: 'claude-sonnet-4-6' },
    );
    expect(JSON.stringify(value)).not.toContain('"k"');
    expect(warnings).toEqual([expect.objectContaining({ type: 'unsupported', feature: 'promptCache.key' })]);
  });
});
