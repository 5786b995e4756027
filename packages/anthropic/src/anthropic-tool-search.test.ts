import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import type { ChatRequest, Tool } from '@interlingua/core';
import { json, type ProviderServer, startProviderServer, strictAnthropicToolSearchReplies } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropic } from './create-anthropic';

// Deferred tools on Anthropic (issue 31): `defer_loading` plus the tool search tool, through the
// official SDK against a server that rejects what the API rejects.
const answer = JSON.parse(
  readFileSync(new URL('./__fixtures__/anthropic-tool-search.1.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const getWeather: Tool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
  deferLoading: true,
};
const searchDocs: Tool = {
  name: 'search_docs',
  description: 'Search the product docs.',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
};

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve() {
  server = await startProviderServer({
    routes: [{ method: 'POST', path: '/v1/messages', reply: strictAnthropicToolSearchReplies([json(answer)]) }],
  });
  return createAnthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 })('claude-sonnet-4-6');
}

const ask: ChatRequest = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'What is the weather in San Francisco?' }] }],
  tools: [getWeather, searchDocs],
};

describe('deferred tools on Anthropic', () => {
  it('sends defer_loading and the tool search tool, and reads the found tool’s call', async () => {
    const model = await serve();
    const response = await model.generate(ask);
    const body = server?.requests[0]?.body as { tools: unknown[] };
    expect(body.tools).toEqual([
      {
        name: 'get_weather',
        description: 'Current weather for a city.',
        input_schema: getWeather.inputSchema,
        defer_loading: true,
      },
      { name: 'search_docs', description: 'Search the product docs.', input_schema: searchDocs.inputSchema },
      { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.message.content.at(-1)).toEqual({
      type: 'tool-call',
      id: 'toolu_01WeatherSF8dE',
      name: 'get_weather',
      args: { location: 'San Francisco, CA' },
    });

    // The next turn replays the search and its tool_reference, which must resolve to a tool of the request.
    const next = await model.generate({
      ...ask,
      messages: [
        ...ask.messages,
        response.message,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'toolu_01WeatherSF8dE',
              toolName: 'get_weather',
              content: [{ type: 'text', text: '18°C, fog' }],
              isError: false,
            },
          ],
        },
      ],
    });
    expect(next.finishReason).toBe('tool_calls');
    expect(JSON.stringify(server?.requests[1]?.body)).toContain('"tool_reference"');
  });

  it('keeps a search tool the request names itself, and adds none when nothing is deferred', async () => {
    const model = await serve();
    await model.generate({
      ...ask,
      providerOptions: {
        anthropic: { tools: [{ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }] },
      },
    });
    const tools = (server?.requests[0]?.body as { tools: { type?: string }[] } | undefined)?.tools ?? [];
    expect(tools.filter((tool) => tool.type?.startsWith('tool_search_tool_'))).toEqual([
      { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' },
    ]);
    await model.generate({ ...ask, tools: [searchDocs] });
    expect(JSON.stringify(server?.requests[1]?.body)).not.toContain('tool_search_tool');
  });

  it('every tool deferred is fine: the search tool itself is loaded', async () => {
    const model = await serve();
    const response = await model.generate({ ...ask, tools: [getWeather, { ...searchDocs, deferLoading: true }] });
    expect(response.finishReason).toBe('tool_calls');
  });

  it('the test server rejects what the API rejects: deferred tools without a search tool', async () => {
    await serve();
    const client = new Anthropic({ baseURL: server?.url, apiKey: 'sk-ant-test', maxRetries: 0 });
    const sent = client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ name: 'get_weather', input_schema: { type: 'object' }, defer_loading: true }],
    });
    await expect(sent).rejects.toMatchObject({ status: 400 });
    const allDeferred = client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [
        { name: 'get_weather', input_schema: { type: 'object' }, defer_loading: true },
        { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25', defer_loading: true },
      ],
    });
    await expect(allDeferred).rejects.toMatchObject({ status: 400 });
  });
});
