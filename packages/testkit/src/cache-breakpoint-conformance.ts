import type { ChatRequest, Codec, Warning } from '@interlingua/core';
import { expect, it } from 'vitest';

// Two requests of four breakpoints each (the most Anthropic and Bedrock take): on system parts, a
// tool, user text and a tool result; then on an assistant turn's text and tool call.
const MARKED: ChatRequest[] = [
  {
    system: 'You are a contracts assistant.\nContract text: …',
    systemParts: [
      { type: 'text', text: 'You are a contracts assistant.' },
      { type: 'text', text: 'Contract text: …', cacheBreakpoint: { ttl: '1h' } },
    ],
    tools: [
      { name: 'find_clause', description: 'Finds a clause.', inputSchema: { type: 'object', properties: {} } },
      { name: 'quote', description: 'Quotes.', inputSchema: { type: 'object', properties: {} }, cacheBreakpoint: {} },
    ],
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Notice period?', cacheBreakpoint: {} }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', id: 'call_1', name: 'find_clause', args: { topic: 'notice' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'find_clause',
            content: [{ type: 'text', text: 'Clause 12: 30 days.' }],
            isError: false,
            cacheBreakpoint: {},
          },
        ],
      },
    ],
  },
  {
    tools: [{ name: 'find_clause', description: 'Finds a clause.', inputSchema: { type: 'object', properties: {} } }],
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Notice period?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking it up.', cacheBreakpoint: {} },
          { type: 'tool-call', id: 'call_1', name: 'find_clause', args: { topic: 'notice' }, cacheBreakpoint: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'find_clause',
            content: [{ type: 'text', text: 'Clause 12: 30 days.' }],
            isError: false,
          },
        ],
      },
    ],
  },
];

/** Where each breakpoint of a request sits (`system[1] 1h`, `tools[1]`, `messages[2][0]`), in prompt order. */
export function cacheBreakpointsOf(request: ChatRequest): string[] {
  const found: string[] = [];
  const mark = (at: string, breakpoint: { ttl?: string } | undefined) => {
    if (breakpoint !== undefined) found.push(breakpoint.ttl === undefined ? at : `${at} ${breakpoint.ttl}`);
  };
  request.tools?.forEach((tool, index) => {
    if ('cacheBreakpoint' in tool) mark(`tools[${index}]`, tool.cacheBreakpoint);
  });
  request.systemParts?.forEach((part, index) => {
    mark(`system[${index}]`, part.cacheBreakpoint);
  });
  request.messages.forEach((message, index) => {
    message.content.forEach((part, position) => {
      mark(`messages[${index}][${position}]`, 'cacheBreakpoint' in part ? part.cacheBreakpoint : undefined);
    });
  });
  return found;
}

const mentions = (warnings: readonly Warning[], word: RegExp) =>
  warnings.some((warning) => word.test(warning.feature) || word.test(warning.message));

/**
 * The conformance cases of prompt caching (issue 31): a codec keeps every `cacheBreakpoint` through
 * its own request round trip, in place and with its TTL, or keeps none (a provider that caches
 * prefixes by itself) — never some of them without a warning naming the ones lost ("three
 * breakpoints became two"); and `promptCache` comes back or is warned about.
 */
export function registerCacheBreakpointConformance(codec: Codec<unknown, unknown, unknown>, model: string): void {
  it('keeps every cache breakpoint through its own request round trip, or none, never some silently', () => {
    for (const request of MARKED) {
      const encoded = codec.encodeRequest(request, { model });
      const back = cacheBreakpointsOf(codec.decodeRequest(encoded.value).value.request);
      if (back.length === 0 || mentions(encoded.warnings, /cacheBreakpoint|systemParts/)) continue;
      expect(back).toEqual(cacheBreakpointsOf(request));
    }
  });

  it('keeps promptCache through its own request round trip, or warns about it', () => {
    const request: ChatRequest = {
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      promptCache: { key: 'tenant-42', retention: 'extended' },
    };
    const encoded = codec.encodeRequest(request, { model });
    if (mentions(encoded.warnings, /promptCache/)) return;
    expect(codec.decodeRequest(encoded.value).value.request.promptCache).toEqual(request.promptCache);
  });
}
