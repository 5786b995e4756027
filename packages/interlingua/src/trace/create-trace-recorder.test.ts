import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAgent } from '@interlingua/agent';
import { defineTool } from '@interlingua/core';
import { createRedactor } from '@interlingua/core/adapter';
import { json, type ProviderServer, sse, startProviderServer } from '@interlingua/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModelRegistry } from '../create-model-registry';
import { createTraceRecorder } from './create-trace-recorder';
import { type TraceLine, traceLineSchema } from './trace-line-schema';

const SECRET = 'sk-test-abcdef0123456789';
let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const completion = (
  message: object,
  finish: string,
  usage = { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 },
) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4.1-2025-04-14',
  choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finish }],
  usage,
});

function recording(file = join(mkdtempSync(join(tmpdir(), 'interlingua-trace-')), 'run.jsonl')) {
  const trace = createTraceRecorder({ file, redact: createRedactor([SECRET]), source: 'test' });
  const read = (): TraceLine[] =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => traceLineSchema.parse(JSON.parse(line)));
  return { trace, read, file };
}

function openai(trace: ReturnType<typeof recording>['trace'], maxRetries = 0) {
  return createModelRegistry({ env: {} }).model('openai:gpt-4.1', {
    baseURL: `${server?.url}/v1`,
    apiKey: SECRET,
    maxRetries,
    trace,
  });
}

describe('createTraceRecorder', () => {
  it('writes each model call as a request and a response line: wire body, IR, usage and cost, secrets redacted', async () => {
    server = await startProviderServer({
      routes: [{ path: '/v1/chat/completions', reply: json(completion({ content: 'Hi' }, 'stop')) }],
    });
    const { trace, read } = recording();
    const model = openai(trace);
    const request = {
      messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: `my key is ${SECRET}` }] }],
    };
    await model.generate(request);
    await trace.close();
    const [start, sent, answered, ...rest] = read();
    expect(rest).toEqual([]);
    expect(start).toMatchObject({ type: 'trace-start', source: 'test', seq: 0 });
    expect(sent).toMatchObject({
      type: 'model-request',
      call: 1,
      attempt: 1,
      provider: 'openai',
      model: 'gpt-4.1',
      seq: 1,
    });
    if (sent?.type !== 'model-request' || answered?.type !== 'model-response') throw new Error('unexpected lines');
    expect(sent.ir).toEqual({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'my key is [REDACTED]' }] }],
    });
    expect(sent.wire?.url).toBe(`${server.url}/v1/chat/completions`);
    expect(sent.wire?.headers['authorization']).toBe('[REDACTED]');
    expect(sent.wire?.body).toMatchObject({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'my key is [REDACTED]' }],
    });
    expect(answered.wire).toEqual({ status: 200, body: completion({ content: 'Hi' }, 'stop') });
    expect(answered.ir).toMatchObject({ finishReason: 'stop', message: { content: [{ type: 'text', text: 'Hi' }] } });
    expect(answered.usage).toEqual({ inputTokens: 12, outputTokens: 3 });
    expect(answered.cost).toMatchObject({ currency: 'USD', total: expect.closeTo(12 * 2e-6 + 3 * 8e-6, 12) });
    expect(answered.durationMs).toBeGreaterThanOrEqual(0);
    // The server got the real key; the file never holds it.
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${SECRET}`);
  });

  it("records an SDK retry as its own attempt, the IR on the first, the answer's on the last", async () => {
    server = await startProviderServer({
      routes: [
        {
          path: '/v1/chat/completions',
          reply: [
            json({ error: { message: 'Overloaded', type: 'server_error' } }, { status: 500 }),
            json(completion({ content: 'Hi' }, 'stop')),
          ],
        },
      ],
    });
    const { trace, read } = recording();
    await openai(trace, 1).generate({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
    await trace.close();
    const legs = read().slice(1);
    expect(legs.map((line) => [line.type, 'attempt' in line ? line.attempt : 0])).toEqual([
      ['model-request', 1],
      ['model-response', 1],
      ['model-request', 2],
      ['model-response', 2],
    ]);
    const [first, failed, second, answered] = legs;
    expect(first?.type === 'model-request' && first.ir).toBeTruthy();
    expect(second?.type === 'model-request' && second.ir).toBeUndefined();
    expect(failed?.type === 'model-response' && [failed.wire?.status, failed.error?.name, failed.ir]).toEqual([
      500,
      'Retried',
      undefined,
    ]);
    expect(answered?.type === 'model-response' && [answered.wire?.status, answered.usage]).toEqual([
      200,
      { inputTokens: 12, outputTokens: 3 },
    ]);
  });

  it('records a stream as its wire events and the folded IR, and a failed call with its error', async () => {
    const chunk = (delta: object, finish: string | null = null, usage?: object) => ({
      id: 'chatcmpl-2',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-4.1',
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...(usage === undefined ? {} : { usage }),
    });
    server = await startProviderServer({
      routes: [
        {
          path: '/v1/chat/completions',
          reply: [
            sse(
              'openai',
              [
                chunk({ role: 'assistant', content: 'Hel' }),
                chunk({ content: 'lo' }),
                chunk({}, 'stop', { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 }),
              ],
              { splitEvery: 9 },
            ),
            json({ error: { message: 'Bad request: no', type: 'invalid_request_error' } }, { status: 400 }),
          ],
        },
      ],
    });
    const { trace, read } = recording();
    const model = openai(trace);
    const ask = { messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }] };
    for await (const _event of model.stream(ask)) {
      // read to the end
    }
    await expect(model.generate(ask)).rejects.toThrow(/Bad request/);
    await trace.close();
    const [, , streamed, , failed] = read();
    if (streamed?.type !== 'model-response' || failed?.type !== 'model-response') throw new Error('unexpected lines');
    expect(streamed.wire?.events).toHaveLength(4); // three chunks and [DONE]
    expect(streamed.ir).toMatchObject({
      message: { content: [{ type: 'text', text: 'Hello' }] },
      usage: { inputTokens: 5, outputTokens: 2 },
    });
    expect(failed).toMatchObject({ call: 2, wire: { status: 400 }, error: { name: 'APICallError' } });
    expect(failed.ir).toBeUndefined();
  });

  it('records tool calls, their results and timings, and the run totals from the agent', async () => {
    server = await startProviderServer({
      routes: [
        {
          path: '/v1/chat/completions',
          reply: [
            json(
              completion(
                {
                  tool_calls: [
                    { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"北京"}' } },
                  ],
                },
                'tool_calls',
              ),
            ),
            json(completion({ content: '晴' }, 'stop', { prompt_tokens: 30, completion_tokens: 2, total_tokens: 32 })),
          ],
        },
      ],
    });
    const { trace, read } = recording();
    const getWeather = defineTool({
      name: 'get_weather',
      description: 'Weather.',
      input: z.object({ city: z.string() }),
      execute: ({ city }) => `${city}今天晴`,
    });
    const result = await runAgent({
      model: openai(trace),
      tools: [getWeather],
      messages: [{ role: 'user', content: [{ type: 'text', text: '北京？' }] }],
      onEvent: trace.agent,
    });
    await trace.close();
    const lines = read();
    expect(lines.map((line) => line.type)).toEqual([
      'trace-start',
      'model-request',
      'model-response',
      'tool-call',
      'tool-result',
      'model-request',
      'model-response',
      'run-finish',
    ]);
    expect(lines[3]).toMatchObject({
      step: 0,
      toolCall: { id: 'call_1', name: 'get_weather', args: { city: '北京' } },
    });
    expect(lines[4]).toMatchObject({
      toolCallId: 'call_1',
      toolName: 'get_weather',
      isError: false,
      result: { content: [{ type: 'text', text: '北京今天晴' }] },
    });
    expect(lines[7]).toMatchObject({
      type: 'run-finish',
      finishReason: 'stop',
      steps: 2,
      usage: { inputTokens: 42, outputTokens: 5 },
    });
    expect(lines[7]?.type === 'run-finish' && lines[7].cost).toEqual(result.cost);
    expect(lines.map((line) => line.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('writes MCP frames as they are, and nothing after close', async () => {
    const written: string[] = [];
    const trace = createTraceRecorder({ write: (line) => written.push(line), redact: (text) => text });
    trace.mcp({
      server: 'weather',
      direction: 'send',
      message: { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} },
    });
    await trace.close();
    trace.mcp({ server: 'weather', direction: 'receive', message: { jsonrpc: '2.0', id: 0, result: {} } });
    expect(written.map((line) => JSON.parse(line))).toMatchObject([
      { type: 'trace-start', source: 'library' },
      { type: 'mcp', server: 'weather', direction: 'send', message: { method: 'initialize' } },
    ]);
    expect(() => createTraceRecorder({})).toThrow(/Expected `file` or `write`/);
  });
});
