import { runAgent, userMessage } from '@interlingua/agent';
import { defineTool, type Message } from '@interlingua/core';
import { createGemini, issuedGeminiCallId } from '@interlingua/gemini';
import { createOpenAI } from '@interlingua/openai';
import { json, type ProviderServer, startProviderServer, strictGeminiReplies } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectedExchanges } from './handoff-expectations';
import { pixelPng, wireFixture } from './handoff-histories';
import { readGeminiBody } from './handoff-wire';

// Issue 13, item 1: an OpenAI-started tool loop continued on Gemini. Gemini (Vertex AI, and the
// Gemini API on several models) answers a call id it did not issue with
// `400 Unknown name "id" at 'contents[…].parts[…].function_call'`; the test server does the same,
// and checks that every call turn is answered by as many function responses.

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather, with a radar image.',
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
  execute: ({ timezone }) => `09:00 in ${timezone}`,
});
const tools = [getWeather, getTime];

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const geminiLegs = [
  // Gemini 2.5: its own calls come without ids (synthesized here, never sent back).
  { model: 'gemini-2.5-flash', calls: 'gemini-parallel-calls.1', gemini3: false },
  // Gemini 3: its own call carries an id it issued, which goes back; thought signatures are checked.
  { model: 'gemini-3-pro-preview', calls: 'gemini-function-call-with-id.1', gemini3: true },
];

describe.each(geminiLegs)('an OpenAI-started tool loop continued on $model', ({ model, calls, gemini3 }) => {
  it('sends no foreign id and still pairs every result with its call', async () => {
    const geminiPath = `/v1beta/models/${model}:generateContent`;
    server = await startProviderServer({
      routes: [
        {
          method: 'POST',
          path: '/v1/chat/completions',
          reply: [
            json(wireFixture('openai', 'openai-parallel-tool-calls.1').body),
            json(wireFixture('openai', 'openai-text.1').body),
          ],
        },
        {
          method: 'POST',
          path: geminiPath,
          reply: strictGeminiReplies(
            [json(wireFixture('gemini', calls).body), json(wireFixture('gemini', 'gemini-text.1').body)],
            { requireThoughtSignatures: gemini3 },
          ),
        },
      ],
    });
    const { url, requests } = server;
    const openai = createOpenAI({ baseURL: `${url}/v1`, apiKey: 'sk-test', maxRetries: 0 })('gpt-4.1');
    const gemini = createGemini({ baseUrl: url, apiKey: 'gm-test', maxRetries: 0 })(model);

    const first = await runAgent({
      model: openai,
      tools,
      messages: [userMessage('Weather in SF and Tokyo, and the time?')],
    });
    expect(first.finishReason).toBe('stop');
    const second = await runAgent({
      model: gemini,
      tools,
      history: first.messages,
      messages: [userMessage('And Paris?')],
    });
    // A 400 from the server would have failed the run.
    expect(second.finishReason).toBe('stop');

    const geminiBodies = requests.filter((request) => request.path === geminiPath).map((request) => request.body);
    expect(geminiBodies).toHaveLength(2);
    for (const body of geminiBodies) {
      expect(JSON.stringify(body)).not.toMatch(/"id":"call_/);
      expect(readGeminiBody(body).problems).toEqual([]);
    }
    // The last request holds both exchanges: OpenAI's three calls, then Gemini's own.
    const history: Message[] = second.messages.slice(0, -1);
    const reading = readGeminiBody(geminiBodies[1]);
    expect(reading.exchanges).toEqual(expectedExchanges(history, 'gemini'));
    const [openaiTurn, geminiTurn] = reading.exchanges;
    expect(openaiTurn?.calls.map((call) => call.name)).toEqual(['get_weather', 'get_weather', 'get_time']);
    expect(openaiTurn?.answers.map((answer) => [answer.id, answer.name, answer.text])).toEqual([
      [undefined, 'get_weather', 'San Francisco, CA: 18°C, light rain'],
      [undefined, 'get_weather', 'Tokyo, Japan: 18°C, light rain'],
      [undefined, 'get_time', '09:00 in Asia/Tokyo'],
    ]);
    const ownCalls = history.flatMap((message, index) =>
      index > first.messages.length && message.role === 'assistant'
        ? message.content.filter((part) => part.type === 'tool-call')
        : [],
    );
    const ownIds = ownCalls.map((call) => (call.type === 'tool-call' ? issuedGeminiCallId(call) : undefined));
    expect(geminiTurn?.calls.map((call) => call.id)).toEqual(ownIds);
    expect(geminiTurn?.answers.map((answer) => answer.id)).toEqual(ownIds);
    if (gemini3) expect(ownIds).toEqual(['gvbncmxk']);
    else expect(ownIds.every((id) => id === undefined)).toBe(true);

    // Item 3: the radar images of the weather results travel inside functionResponse.parts on
    // Gemini 3 (multimodal function responses), as parts right after them on Gemini 2.5.
    const image = { inlineData: { mimeType: 'image/png', data: pixelPng } };
    const resultTurn = (geminiBodies[1] as { contents: { parts: Record<string, unknown>[] }[] }).contents[2];
    const weatherResponses = resultTurn?.parts.filter(
      (part) => (part.functionResponse as { name?: string } | undefined)?.name === 'get_weather',
    );
    expect(weatherResponses).toHaveLength(2);
    for (const part of weatherResponses ?? []) {
      expect((part.functionResponse as { parts?: unknown[] }).parts).toEqual(gemini3 ? [image] : undefined);
    }
    expect(resultTurn?.parts.filter((part) => part.inlineData !== undefined)).toHaveLength(gemini3 ? 0 : 2);
  });
});
