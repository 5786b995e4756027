import { collectStream, type ModelResponse, type StreamEvent } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import { json, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { afterEach, describe, expect, it } from 'vitest';
import { openaiResponsesCodec } from './openai-responses-codec';
import { INTERLINGUA_REASONING_PREFIX } from './openai-responses-reasoning';

// The gateway direction, checked by the official client itself: what encodeResponse and
// encodeStream produce must be read by the `openai` SDK (its stream accumulator included), and
// what the SDK sends back on the next turn must decode to the history that produced it.

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function* from<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}

async function drain<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

// An Anthropic turn: signed thinking, text, two calls; cached and reasoning tokens.
const response: ModelResponse = {
  message: {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'The user wants Beijing weather and time.', signature: 'EqQBCkYIBxgCKkDsig' },
      { type: 'text', text: '我来查一下 "北京" 的天气。' },
      { type: 'tool-call', id: 'toolu_01W1', name: 'get_weather', args: { city: '北京' } },
      { type: 'tool-call', id: 'toolu_01T2', name: 'get_time', args: { timezone: 'Asia/Shanghai' } },
    ],
  },
  finishReason: 'tool_calls',
  rawFinishReason: 'completed',
  usage: { inputTokens: 120, outputTokens: 40, cachedInputTokens: 64, reasoningTokens: 12 },
  id: 'resp_gw1',
  model: 'claude-sonnet-4-6',
  warnings: [],
};

const client = (url: string) => new OpenAI({ apiKey: 'sk-test', baseURL: `${url}/v1`, maxRetries: 0 });

describe('gateway direction read back by the openai SDK', () => {
  it('responses.create returns what encodeResponse wrote, and the next turn decodes to the same history', async () => {
    const body = openaiResponsesCodec.encodeResponse(response, { createdAt: 1767225600 }).value;
    server = await startProviderServer({ routes: [{ path: '/v1/responses', reply: json(body) }] });
    const first = await client(server.url).responses.create({ model: 'claude', input: '北京天气和时间？' });
    expect(first.output_text).toBe('我来查一下 "北京" 的天气。');
    expect(openaiResponsesCodec.decodeResponse(first)).toEqual(response);
    // The signature travels in encrypted_content, which a Responses client replays unchanged.
    const reasoning = first.output.find((item) => item.type === 'reasoning');
    expect(reasoning?.encrypted_content?.startsWith(INTERLINGUA_REASONING_PREFIX)).toBe(true);

    // The documented stateless loop: append the output items and the function outputs.
    // Output items are valid input items (the SDK's types differ only in hosted-tool statuses).
    const input: ResponseInputItem[] = [
      { role: 'user', content: '北京天气和时间？' },
      ...(first.output as ResponseInputItem[]),
    ];
    for (const item of first.output) {
      if (item.type === 'function_call') {
        input.push({ type: 'function_call_output', call_id: item.call_id, output: `${item.name}: ok` });
      }
    }
    await client(server.url).responses.create({ model: 'claude', input, store: false });
    const decoded = openaiResponsesCodec.decodeRequest(server.requests[1]?.body);
    expect(decoded.warnings).toEqual([]);
    expect(decoded.value.request).toEqual({
      messages: [
        { role: 'user', content: [{ type: 'text', text: '北京天气和时间？' }] },
        response.message,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'toolu_01W1',
              toolName: 'get_weather',
              content: [{ type: 'text', text: 'get_weather: ok' }],
              isError: false,
            },
            {
              type: 'tool-result',
              toolCallId: 'toolu_01T2',
              toolName: 'get_time',
              content: [{ type: 'text', text: 'get_time: ok' }],
              isError: false,
            },
          ],
        },
      ],
    });
  });

  it("responses.stream accumulates encodeStream's events into the response encodeResponse gives", async () => {
    const events = await drain(
      openaiResponsesCodec.encodeStream(from(responseToStream(response)), { createdAt: 1767225600, id: 'resp_gw1' }),
    );
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    server = await startProviderServer({
      routes: [{ path: '/v1/responses', reply: sse('openai-responses', events, { splitEvery: 7 }) }],
    });
    const stream = client(server.url).responses.stream({ model: 'claude', input: '北京天气和时间？' });
    const seen: string[] = [];
    stream.on('event', (event) => seen.push(event.type));
    const final = await stream.finalResponse();
    expect(openaiResponsesCodec.decodeResponse(final)).toEqual(response);
    // The terminal event carries exactly the non-streaming body.
    expect(events.at(-1)).toMatchObject({
      type: 'response.completed',
      response: openaiResponsesCodec.encodeResponse(response, { createdAt: 1767225600 }).value,
    });
    expect(seen[0]).toBe('response.created');
    expect(seen.at(-1)).toBe('response.completed');
    expect(seen).toContain('response.reasoning_summary_text.delta');
    expect(seen).toContain('response.function_call_arguments.delta');
  });

  it('an IR error mid-stream reaches the client as response.failed with the output so far', async () => {
    const failure = Object.assign(new Error('Overloaded'), { providerErrorType: 'overloaded_error' });
    const events = await drain(
      openaiResponsesCodec.encodeStream(
        from<StreamEvent>([
          { type: 'text-delta', text: 'Partial' },
          { type: 'error', error: failure },
        ]),
        { model: 'claude-sonnet-4-6' },
      ),
    );
    server = await startProviderServer({ routes: [{ path: '/v1/responses', reply: sse('openai-responses', events) }] });
    const final = await client(server.url).responses.stream({ model: 'claude', input: 'Hi' }).finalResponse();
    expect(final.status).toBe('failed');
    expect(final.error).toEqual({ code: 'overloaded_error', message: 'Overloaded' });
    expect(final.output_text).toBe('Partial');
    const decoded = await drain(openaiResponsesCodec.decodeStream(from(events)));
    expect(decoded.at(-1)).toMatchObject({
      type: 'error',
      error: { name: 'APICallError', message: 'Overloaded', providerErrorType: 'overloaded_error' },
    });
  });

  // A Gemini turn whose thoughtSignatures came on the calls (parallel, as Gemini sends them): a
  // function_call item has no field for them, so each rides in a carrier item after its call.
  const gemini: ModelResponse = {
    message: {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          id: 'call_g1',
          name: 'get_weather',
          args: { city: '北京' },
          providerMetadata: { gemini: { thoughtSignature: 'CiQBVKhc7sigOne' } },
        },
        {
          type: 'tool-call',
          id: 'call_g2',
          name: 'get_time',
          args: { timezone: 'Asia/Shanghai' },
          providerMetadata: { gemini: { thoughtSignature: 'CiQBVKhc7sigTwo' } },
        },
      ],
    },
    finishReason: 'tool_calls',
    rawFinishReason: 'completed',
    usage: { inputTokens: 50, outputTokens: 20, cachedInputTokens: 0, reasoningTokens: 0 },
    id: 'resp_gm1',
    model: 'gemini-3-pro-preview',
    warnings: [],
  };

  it('a thoughtSignature on a call comes back on the call, through responses.create and responses.stream', async () => {
    const body = openaiResponsesCodec.encodeResponse(gemini, { createdAt: 1767225600 });
    expect(body.warnings).toEqual([]);
    expect(body.value.output.map((item) => item.type)).toEqual([
      'function_call',
      'reasoning',
      'function_call',
      'reasoning',
    ]);
    const events = await drain(
      openaiResponsesCodec.encodeStream(from(responseToStream(gemini)), { createdAt: 1767225600, id: 'resp_gm1' }),
    );
    server = await startProviderServer({
      routes: [
        {
          path: '/v1/responses',
          reply: (request) =>
            (request.body as { stream?: boolean }).stream === true
              ? sse('openai-responses', events, { splitEvery: 11 })
              : json(body.value),
        },
      ],
    });
    const created = await client(server.url).responses.create({ model: 'gemini', input: '北京天气和时间？' });
    const streamed = await client(server.url)
      .responses.stream({ model: 'gemini', input: '北京天气和时间？' })
      .finalResponse();
    // Both directions of the client side read the data back onto the calls.
    expect(openaiResponsesCodec.decodeResponse(created)).toEqual(gemini);
    expect(openaiResponsesCodec.decodeResponse(streamed)).toEqual(gemini);
    expect(await collectStream(openaiResponsesCodec.decodeStream(from(events)))).toEqual(gemini);

    // The next turn, replayed as the docs loop it: the calls get their signatures back.
    for (const output of [created.output, streamed.output]) {
      const input: ResponseInputItem[] = [
        { role: 'user', content: '北京天气和时间？' },
        ...(output as ResponseInputItem[]),
      ];
      for (const item of output) {
        if (item.type === 'function_call')
          input.push({ type: 'function_call_output', call_id: item.call_id, output: 'ok' });
      }
      const decoded = openaiResponsesCodec.decodeRequest({ model: 'gemini', input });
      expect(decoded.value.request.messages[1]).toEqual(gemini.message);
    }
  });

  it('sends no carrier item to OpenAI: encodeRequest leaves the foreign call data out with a warning', () => {
    const encoded = openaiResponsesCodec.encodeRequest(
      { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }, gemini.message] },
      { model: 'gpt-5' },
    );
    expect(JSON.stringify(encoded.value)).not.toContain(INTERLINGUA_REASONING_PREFIX);
    expect(encoded.warnings.map((warning) => warning.feature)).toContain('tool-call.providerMetadata.gemini');
  });
});
