import { readFileSync } from 'node:fs';
import { runAgent, userMessage } from '@interlingua/agent';
import { defineTool } from '@interlingua/core';
import { json, type ProviderServer, startProviderServer, strictDeepSeekReplies } from '@interlingua/testkit';
import { createModelRegistry } from 'interlingua';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

// Issue 13, item 5: DeepSeek's thinking mode answers a tool loop whose assistant turns drop
// `reasoning_content` with a 400. `model('deepseek:…')` sends it back by default; the test server
// checks it as DeepSeek does (testkit's strictDeepSeekReplies).

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../openai/src/__fixtures__/${name}`, import.meta.url), 'utf8'));

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Weather of a location',
  input: z.object({ location: z.string() }),
  execute: ({ location }) => `${location}: cloudy, 7~11°C`,
});

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a DeepSeek thinking-mode tool loop through model("deepseek:…")', () => {
  it('sends every tool-calling turn’s reasoning back, so the server answers the loop', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/chat/completions',
          reply: strictDeepSeekReplies([
            json(fixture('deepseek-thinking-tool-call.1.json')),
            json(fixture('deepseek-thinking-answer.1.json')),
          ]),
        },
      ],
    });
    const model = createModelRegistry({ env: { DEEPSEEK_API_KEY: 'sk-ds' } }).model('deepseek:deepseek-v4-pro', {
      baseURL: `${server.url}/v1`,
    });
    const run = await runAgent({
      model,
      tools: [getWeather],
      messages: [userMessage("How's the weather in Hangzhou tomorrow?")],
    });
    expect(run.finishReason).toBe('stop');
    expect(run.text).toBe('Tomorrow in Hangzhou: cloudy, 7–11°C.');
    expect(server.requests).toHaveLength(2);
    const second = server.requests[1]?.body as { messages: Record<string, unknown>[] };
    expect(second.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(second.messages[1]?.reasoning_content).toBe(
      'The user wants the weather in Hangzhou tomorrow. I should call get_weather with location Hangzhou.',
    );
    expect(second.messages[2]).toMatchObject({
      tool_call_id: 'call_00_kQ7vN3xT9bR2mL5wY8cE4hJd',
      content: 'Hangzhou: cloudy, 7~11°C',
    });
    expect(run.warnings.filter((warning) => warning.feature === 'reasoning')).toEqual([]);
  });

  it('the same loop on a plain OpenAI-compatible provider (no such setting) is refused with DeepSeek’s 400', async () => {
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/chat/completions',
          reply: strictDeepSeekReplies([
            json(fixture('deepseek-thinking-tool-call.1.json')),
            json(fixture('deepseek-thinking-answer.1.json')),
          ]),
        },
      ],
    });
    const model = createModelRegistry({ env: {} }).model('openai-compatible:deepseek-v4-pro', {
      baseURL: `${server.url}/v1`,
      maxRetries: 0,
    });
    const run = await runAgent({
      model,
      tools: [getWeather],
      messages: [userMessage("How's the weather in Hangzhou tomorrow?")],
    });
    expect(run.finishReason).toBe('error');
    expect(run.error).toMatchObject({
      statusCode: 400,
      message: 'The `reasoning_content` in the thinking mode must be passed back to the API.',
    });
  });
});
