import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../ir/chat-request';
import type { Warning } from '../ir/warning';
import { renderToolReferences, toolReferenceText } from './render-tool-references';

const request: ChatRequest = {
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
    { role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'ToolSearch', args: { query: 'weather' } }] },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'ToolSearch',
          content: [
            { type: 'tool-reference', toolName: 'get_weather', cacheBreakpoint: { ttl: '1h' } },
            { type: 'tool-reference', toolName: 'gone' },
          ],
          isError: false,
        },
      ],
    },
  ],
  tools: [
    { name: 'ToolSearch', description: 'Find tools.', inputSchema: { type: 'object' } },
    {
      name: 'get_weather',
      description: 'Weather for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      deferLoading: true,
    },
  ],
};

describe('renderToolReferences', () => {
  it('replaces each reference by a text describing its tool, keeps the breakpoint, and warns once', () => {
    const warnings: Warning[] = [];
    const rendered = renderToolReferences(request, 'Acme', warnings);
    const tool = rendered.messages[2];
    expect(tool?.role === 'tool' && tool.content[0]?.content).toEqual([
      {
        type: 'text',
        text: 'Tool "get_weather" is loaded and can be called now. Weather for a city. Input schema: {"type":"object","properties":{"city":{"type":"string"}}}',
        cacheBreakpoint: { ttl: '1h' },
      },
      { type: 'text', text: 'Tool reference "gone": no tool of that name is offered in this request.' },
    ]);
    // The tools are left as they are: the codec sends the deferred one whole.
    expect(rendered.tools).toBe(request.tools);
    expect(warnings).toEqual([
      {
        type: 'degraded',
        feature: 'toolResult.toolReference',
        message:
          'Acme has no tool references: get_weather, gone were described to the model as text in the tool result, and sent as ordinary tools.',
      },
    ]);
    // The input is not changed.
    expect(request.messages[2]?.role === 'tool' && request.messages[2].content[0]?.content[0]?.type).toBe(
      'tool-reference',
    );
  });

  it('returns a request without references as it is, without a warning', () => {
    const plain: ChatRequest = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] };
    const warnings: Warning[] = [];
    expect(renderToolReferences(plain, 'Acme', warnings)).toBe(plain);
    expect(warnings).toEqual([]);
  });

  it('leaves out an empty description', () => {
    expect(toolReferenceText('t', { name: 't', description: '', inputSchema: { type: 'object' } })).toBe(
      'Tool "t" is loaded and can be called now. Input schema: {"type":"object"}',
    );
  });
});
