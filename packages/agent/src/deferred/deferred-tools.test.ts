import { defineTool, functionToolsOf } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createConversation } from '../create-conversation';
import { findHistoryProblems } from '../history/find-history-problems';
import { runAgent } from '../run-agent';
import { userMessage } from '../user-message';
import { LOCAL_TOOL_SEARCH_NAME } from './local-tool-search';
import { searchDeferredTools } from './search-deferred-tools';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather and forecast for a city.',
  input: z.object({ city: z.string().describe('城市名') }),
  deferLoading: true,
  execute: ({ city }) => `${city}: sunny`,
});
const createIssue = defineTool({
  name: 'github__create_issue',
  description: 'Open an issue in a GitHub repository.',
  input: z.object({ title: z.string() }),
  deferLoading: true,
  execute: () => 'opened',
});
const listFiles = defineTool({
  name: 'list_files',
  description: 'List files.',
  input: z.object({}),
  execute: () => 'a.txt',
});
const tools = [listFiles, getWeather, createIssue];
const names = (list: readonly { name: string }[] | undefined) => (list ?? []).map((tool) => tool.name);

describe('deferred tools with the local search tool', () => {
  it('holds deferred tools back, searches, and offers what was found on the next step', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 's1', name: LOCAL_TOOL_SEARCH_NAME, args: { query: 'weather forecast' } }]),
      toolCallResponse([{ id: 'w1', name: 'get_weather', args: { city: 'Paris' } }]),
      textResponse('Sunny in Paris.'),
    ]);
    const result = await runAgent({ model, tools, messages: [userMessage('Weather in Paris?')] });

    expect(result.text).toBe('Sunny in Paris.');
    expect(names(functionToolsOf(model.requests[0]?.tools))).toEqual(['list_files', LOCAL_TOOL_SEARCH_NAME]);
    // The search answered with the tool found, which the next step offers as an ordinary tool.
    expect(JSON.parse(JSON.stringify(result.steps[0]?.toolOutcomes[0]?.result.content))).toEqual([
      {
        type: 'text',
        text: JSON.stringify({
          tools: [{ name: 'get_weather', description: 'Current weather and forecast for a city.' }],
        }),
      },
    ]);
    expect(names(functionToolsOf(model.requests[1]?.tools))).toEqual([
      'list_files',
      'get_weather',
      LOCAL_TOOL_SEARCH_NAME,
    ]);
    expect(
      functionToolsOf(model.requests[1]?.tools).find((tool) => tool.name === 'get_weather')?.deferLoading,
    ).toBeUndefined();
    expect(result.steps[1]?.toolOutcomes[0]?.result.content).toEqual([{ type: 'text', text: 'Paris: sunny' }]);
    expect(findHistoryProblems(result.messages)).toEqual([]);
  });

  it('keeps found tools across turns of a conversation, and drops the search once all are found', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 's1', name: LOCAL_TOOL_SEARCH_NAME, args: { query: 'weather' } }]),
      textResponse('Found it.'),
      toolCallResponse([{ id: 's2', name: LOCAL_TOOL_SEARCH_NAME, args: { query: 'github issue' } }]),
      textResponse('Found that too.'),
      textResponse('Done.'),
    ]);
    const chat = createConversation({ model, tools });
    await chat.send('find a weather tool');
    await chat.send('and one for issues');
    expect(names(functionToolsOf(model.requests[2]?.tools))).toEqual([
      'list_files',
      'get_weather',
      LOCAL_TOOL_SEARCH_NAME,
    ]);
    await chat.send('thanks');
    expect(names(functionToolsOf(model.requests[4]?.tools))).toEqual([
      'list_files',
      'get_weather',
      'github__create_issue',
    ]);
  });

  it('sends every tool marked deferred to a provider with its own tool search (Anthropic)', async () => {
    const model = scriptedModel([textResponse('ok')], { provider: 'anthropic' });
    await runAgent({ model, tools, messages: [userMessage('hi')] });
    expect(functionToolsOf(model.requests[0]?.tools).map((tool) => [tool.name, tool.deferLoading === true])).toEqual([
      ['list_files', false],
      ['get_weather', true],
      ['github__create_issue', true],
    ]);
    // And the choice can be forced either way.
    const local = scriptedModel([textResponse('ok')], { provider: 'anthropic' });
    await runAgent({ model: local, tools, messages: [userMessage('hi')], toolSearch: 'local' });
    expect(names(functionToolsOf(local.requests[0]?.tools))).toEqual(['list_files', LOCAL_TOOL_SEARCH_NAME]);
  });

  it('finds tools by name, description and argument words, best first, CJK included', () => {
    const data = tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
    expect(searchDeferredTools(data, 'GitHub issue', 5).map((tool) => tool.name)).toEqual(['github__create_issue']);
    expect(searchDeferredTools(data, '城市', 5).map((tool) => tool.name)).toEqual(['get_weather']);
    expect(searchDeferredTools(data, '   ', 5)).toEqual([]);
    expect(searchDeferredTools(data, 'files weather', 1).map((tool) => tool.name)).toEqual(['list_files']);
  });
});
