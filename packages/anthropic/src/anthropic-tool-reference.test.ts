import { readFileSync } from 'node:fs';
import { InvalidRequestError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { decodeAnthropicRequest } from './decode-anthropic-request';
import { encodeAnthropicRequest } from './encode-anthropic-request';

// Claude Code's tool search (ENABLE_TOOL_SEARCH=true): its own ToolSearch tool is answered with a
// tool_result of tool_reference blocks, and the referenced MCP tool is sent with defer_loading.
// The body is Claude Code's own second call (recorded; see the fixture's `source`).
const recorded = JSON.parse(
  readFileSync(
    new URL('../../tests/src/gateway/__fixtures__/clients/claude-code-tool-search.2.json', import.meta.url),
    'utf8',
  ),
) as { body: { messages: { role: string; content: unknown }[]; tools: Record<string, unknown>[] } };

const body = (content: unknown[]) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  messages: [
    { role: 'user', content: 'Weather in Paris?' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'ToolSearch', input: { query: 'w' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content }] },
  ],
  tools: [
    { name: 'ToolSearch', input_schema: { type: 'object' } },
    { name: 'get_weather', description: 'Weather.', input_schema: { type: 'object' }, defer_loading: true },
  ],
});

describe('tool_reference in a tool_result', () => {
  it('decodes to tool-reference parts, cache_control kept as a breakpoint', () => {
    const decoded = decodeAnthropicRequest(
      body([
        { type: 'tool_reference', tool_name: 'get_weather' },
        { type: 'tool_reference', tool_name: 'ToolSearch', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ]),
    ).value.request;
    expect(decoded.messages[2]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'toolu_1',
          toolName: 'ToolSearch',
          content: [
            { type: 'tool-reference', toolName: 'get_weather' },
            { type: 'tool-reference', toolName: 'ToolSearch', cacheBreakpoint: { ttl: '1h' } },
          ],
          isError: false,
        },
      ],
    });
  });

  it("round-trips Claude Code's recorded body: the tool_result and the deferred tool as it sent them, no search tool added", () => {
    const decoded = decodeAnthropicRequest(recorded.body).value;
    const encoded = encodeAnthropicRequest(decoded.request, { model: decoded.model ?? 'claude-sonnet-4-5' }).value;
    const last = (messages: { content: unknown }[]) =>
      ((messages.at(-1)?.content ?? []) as { type: string }[]).find((block) => block.type === 'tool_result');
    expect(last(encoded.messages)).toEqual(last(recorded.body.messages));
    expect(encoded.tools).toEqual(recorded.body.tools);
  });

  it('adds no server search tool when the history holds references, and still does when it does not', () => {
    const withReference = decodeAnthropicRequest(body([{ type: 'tool_reference', tool_name: 'get_weather' }])).value;
    const tools = encodeAnthropicRequest(withReference.request, { model: 'm' }).value.tools ?? [];
    expect(tools.map((tool) => tool.name)).toEqual(['ToolSearch', 'get_weather']);

    const withText = decodeAnthropicRequest(body([{ type: 'text', text: 'get_weather' }])).value;
    const searched = encodeAnthropicRequest(withText.request, { model: 'm' }).value.tools ?? [];
    expect(searched.map((tool) => tool.name)).toEqual(['ToolSearch', 'get_weather', 'tool_search_tool_bm25']);
  });

  it('refuses a tool_reference without a tool name, naming the path', () => {
    expect(() => decodeAnthropicRequest(body([{ type: 'tool_reference' }]))).toThrow(InvalidRequestError);
    expect(() => decodeAnthropicRequest(body([{ type: 'tool_reference', tool_name: '' }]))).toThrow(
      /messages\.2\.content\.0\.content\.0\.tool_name|messages\[2\]\.content\[0\]\.content\[0\]\.tool_name/,
    );
  });
});
