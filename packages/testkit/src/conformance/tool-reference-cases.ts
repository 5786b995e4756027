import type { ChatRequest, Codec, Message } from '@interlingua/core';
import { functionToolsOf } from '@interlingua/core';
import { describe, expect, it } from 'vitest';

/**
 * A client-side tool search answered with a tool reference (Claude Code's ToolSearch through the
 * gateway): the search tool's call, its result holding a `tool-reference` to a deferred tool.
 */
export const toolReferenceRequest: ChatRequest = {
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'What is the weather in Paris?' }] },
    {
      role: 'assistant',
      content: [{ type: 'tool-call', id: 'call_search', name: 'ToolSearch', args: { query: 'select:get_weather' } }],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_search',
          toolName: 'ToolSearch',
          content: [{ type: 'tool-reference', toolName: 'get_weather' }],
          isError: false,
        },
      ],
    },
  ] satisfies Message[],
  tools: [
    {
      name: 'ToolSearch',
      description: 'Find deferred tools.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    },
    {
      name: 'get_weather',
      description: 'Current weather for a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      deferLoading: true,
    },
  ],
};

/**
 * Cases every codec must handle for tool references: registered by `runCodecConformance`. A format
 * with references keeps the part; any other describes the referenced tool in the result's text
 * (name, description, input schema), still offers it as a tool (so the model can call it), and
 * says so with a `toolResult.toolReference` warning.
 */
export function runToolReferenceConformance(codec: Codec<unknown, unknown, unknown>, model: string): void {
  describe('tool references', () => {
    it('encodes a tool result holding a tool reference: kept, or the tool described and offered', () => {
      const encoded = codec.encodeRequest(toolReferenceRequest, { model });
      const decoded = codec.decodeRequest(encoded.value).value.request;
      const result = decoded.messages.flatMap((message) => (message.role === 'tool' ? message.content : []))[0];
      expect(result?.toolCallId).toBeDefined();
      const tools = functionToolsOf(decoded.tools).map((tool) => tool.name);
      expect(tools).toContain('get_weather');
      const part = result?.content[0];
      if (part?.type === 'tool-reference') {
        expect(part.toolName).toBe('get_weather');
        return;
      }
      const text = (result?.content ?? []).map((each) => (each.type === 'text' ? each.text : '')).join('\n');
      expect(text).toContain('get_weather');
      expect(text).toContain('Current weather for a city.');
      expect(text).toContain('"city"');
      expect(encoded.warnings.map((warning) => warning.feature)).toContain('toolResult.toolReference');
    });
  });
}
