import { runAgent, userMessage } from '@interlingua/agent';
import { createAnthropic } from '@interlingua/anthropic';
import { createBedrock } from '@interlingua/bedrock';
import { type ChatModel, defineTool } from '@interlingua/core';
import { createGemini } from '@interlingua/gemini';
import { createOpenAI } from '@interlingua/openai';
import { json, type ProviderServer, type Reply, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectedExchanges, expectSecretHandled, secretsOf } from './handoff-expectations';
import { type ProviderName, pixelPng, providerNames, wireFixture } from './handoff-histories';
import { readWireBody } from './handoff-wire';

// A run on provider A through its official SDK, then the same conversation continued on
// provider B: `runAgent({ model: B, history: first.messages, messages: [next turn] })`.
// Every reply is one of the adapters' own wire fixtures, served by testkit's provider server.

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather, with a radar image.',
  // The three providers' fixtures name the place differently (location / city).
  input: z.object({ location: z.string().optional(), city: z.string().optional(), unit: z.string().optional() }),
  execute: ({ location, city }) => ({
    type: 'tool-output' as const,
    content: [
      { type: 'text' as const, text: `${location ?? city}: 18°C, light rain` },
      { type: 'image' as const, source: { type: 'base64' as const, data: pixelPng }, mediaType: 'image/png' },
    ],
  }),
});
const getTime = defineTool({
  name: 'get_time',
  description: 'Local time in a timezone.',
  input: z.object({ timezone: z.string() }),
  execute: ({ timezone }): string => {
    throw new Error(`clock service unavailable for ${timezone}`);
  },
});
const tools = [getWeather, getTime];

type Provider = {
  path: RegExp;
  model: (url: string) => ChatModel;
  /** The adapter's fixture with parallel calls, then its fixture with the final answer. */
  callFixture: string;
  answerFixture: string;
};

const providers: Record<ProviderName, Provider> = {
  openai: {
    path: /^\/v1\/chat\/completions$/,
    model: (url) => createOpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-test', maxRetries: 0 })('gpt-4.1'),
    callFixture: 'openai-parallel-tool-calls.1',
    answerFixture: 'openai-text.1',
  },
  'openai-responses': {
    path: /^\/v1\/responses$/,
    model: (url) => createOpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-test', maxRetries: 0 }).responses('gpt-5'),
    callFixture: 'openai-responses-parallel-tool-calls.1',
    // Encrypted reasoning with two summary parts: OpenAI-only data in the history.
    answerFixture: 'openai-responses-reasoning-summaries.1',
  },
  anthropic: {
    path: /^\/v1\/messages$/,
    model: (url) => createAnthropic({ baseURL: url, apiKey: 'sk-ant-test', maxRetries: 0 })('claude-sonnet-4-6'),
    callFixture: 'anthropic-parallel-tool-use.1',
    // Thinking with a signature plus redacted thinking: Anthropic-only data in the history.
    answerFixture: 'anthropic-redacted-thinking.1',
  },
  gemini: {
    path: /^\/v1beta\/models\/gemini-2\.5-flash:generateContent$/,
    model: (url) => createGemini({ baseUrl: url, apiKey: 'gm-test', maxRetries: 0 })('gemini-2.5-flash'),
    // Three calls, synthesized ids, a thoughtSignature on the first.
    callFixture: 'gemini-parallel-calls.1',
    answerFixture: 'gemini-text.1',
  },
  bedrock: {
    path: /^\/model\/[^/]+\/converse$/,
    model: (url) =>
      createBedrock({
        endpoint: url,
        region: 'us-east-1',
        credentials: { accessKeyId: 'AKIDHANDOFF', secretAccessKey: 'not-a-real-secret' },
        maxRetries: 0,
      })('anthropic.claude-sonnet-4-20250514-v1:0'),
    callFixture: 'bedrock-parallel-tool-use.1',
    // Signed and redacted reasoning: Claude-on-Bedrock data in the history.
    answerFixture: 'bedrock-redacted-reasoning.1',
  },
};

const body = (provider: ProviderName, fixture: string): Reply => json(wireFixture(provider, fixture).body);

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const pairs = providerNames.flatMap((from) => providerNames.filter((to) => to !== from).map((to) => ({ from, to })));

describe.each(pairs)('switching from $from to $to mid-conversation', ({ from, to }) => {
  it('sends the whole earlier tool exchange to the new provider in its own wire shape', async () => {
    const a = providers[from];
    const b = providers[to];
    server = await startProviderServer({
      routes: [
        { method: 'POST', path: a.path, reply: [body(from, a.callFixture), body(from, a.answerFixture)] },
        { method: 'POST', path: b.path, reply: [body(to, b.answerFixture)] },
      ],
    });
    const { url, requests } = server;

    const first = await runAgent({ model: a.model(url), tools, messages: [userMessage('Weather and time, please?')] });
    expect(first.finishReason).toBe('stop');
    expect(first.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const results = first.messages[2]?.role === 'tool' ? first.messages[2].content : [];
    expect(results.map((result) => result.isError)).toEqual(results.map((result) => result.toolName === 'get_time'));

    const next = 'Thanks. What should I pack?';
    const second = await runAgent({
      model: b.model(url),
      tools,
      history: first.messages,
      messages: [userMessage(next)],
    });
    expect(second.finishReason).toBe('stop');
    expect(second.messages).toHaveLength(first.messages.length + 2);

    expect(requests.map((request) => request.path).filter((path) => b.path.test(path))).toHaveLength(1);
    const sent = requests.at(-1)?.body;
    const reading = readWireBody[to](sent);
    expect(reading.problems).toEqual([]);
    expect(reading.exchanges).toEqual(expectedExchanges(first.messages, to));
    expect(reading.exchanges[0]?.answers.map((answer) => answer.text)).toEqual(
      results.map((result) => result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')),
    );
    expect(reading.lastUserText).toBe(next);
    expect(JSON.stringify(sent)).toContain(JSON.stringify(first.text));
    // The weather results' radar images reach the new provider (OpenAI: in a user message after the tool messages).
    const images = results.filter((result) => result.toolName === 'get_weather').length;
    expect(JSON.stringify(sent).split(pixelPng).length - 1).toBe(images);

    const features = second.warnings.map((warning) => warning.feature);
    for (const secret of secretsOf(first.messages)) expectSecretHandled(secret, to, JSON.stringify(sent), features);
  });
});
