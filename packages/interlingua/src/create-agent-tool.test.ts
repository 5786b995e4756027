import type { ExecutableTool } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { createAgentTool } from './create-agent-tool';

const lookups: string[] = [];
const weather: ExecutableTool = {
  name: 'weather__get_weather',
  description: 'Weather by city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: async (input) => {
    const city = String((input as { city?: unknown }).city);
    lookups.push(city);
    return `${city}今天晴，25°C`;
  },
};

describe('createAgentTool', () => {
  it('runs the task with the model and its tools, and answers with the final text and a summary', async () => {
    const model = scriptedModel([
      toolCallResponse([{ id: 'call-1', name: 'weather__get_weather', args: { city: '北京' } }]),
      textResponse('北京今天晴，25°C。'),
    ]);
    const tool = createAgentTool({ model, tools: [weather], system: 'Answer briefly.' });
    expect(tool.definition).toMatchObject({ name: 'agent', inputSchema: { required: ['task'] } });
    const progress: number[] = [];
    const result = await tool.call(
      { task: '北京今天天气怎么样？' },
      { signal: new AbortController().signal, sendProgress: async ({ progress: step }) => void progress.push(step) },
    );
    expect(result).toMatchObject({
      content: [{ type: 'text', text: '北京今天晴，25°C。' }],
      structuredContent: { finishReason: 'stop', steps: 2, toolCalls: 1 },
    });
    expect(result.isError).toBeUndefined();
    expect(lookups).toEqual(['北京']);
    expect(progress).toEqual([1, 2]);
    expect(model.calls[0]?.request.system).toBe('Answer briefly.');
    expect(model.calls[0]?.request.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] },
    ]);
    expect(model.calls[1]?.request.messages.at(-1)).toMatchObject({ role: 'tool' });
  });

  it('reports a failed run and a bad task as error results', async () => {
    const broken = createAgentTool({ model: scriptedModel([new Error('the provider is down')]), maxSteps: 2 });
    const failed = await broken.call(
      { task: 'anything' },
      { signal: new AbortController().signal, sendProgress: undefined },
    );
    expect(failed.isError).toBe(true);
    expect(JSON.stringify(failed.content)).toContain('The agent failed: the provider is down');
    const empty = await broken.call({ task: '  ' }, { signal: new AbortController().signal, sendProgress: undefined });
    expect(empty).toEqual({
      content: [{ type: 'text', text: 'Expected `task` to be a non-empty string.' }],
      isError: true,
    });
  });
});
