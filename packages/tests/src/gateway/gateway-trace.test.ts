import Anthropic from '@anthropic-ai/sdk';
import type { ModelResponse } from '@interlingua/core';
import { type Gateway, hashGatewayKey } from '@interlingua/gateway';
import { createBuiltInGateway, createTraceRecorder, type TraceLine, traceLineSchema } from 'interlingua';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backends, backendConfig, backendReply, startBackends } from './gateway-harness';

// `createBuiltInGateway(…, { trace })`: each client exchange and every backend call it made
// (wire and IR), concurrent requests kept apart by their request id (issue 20).

const TEAM = 'sk-gw-trace-team-0123456789';
const answer = (text: string): ModelResponse => ({
  message: { role: 'assistant', content: [{ type: 'text', text }] },
  finishReason: 'stop',
  rawFinishReason: 'stop',
  usage: { inputTokens: 12, outputTokens: 5 },
  warnings: [],
});

let backends: Backends;
let gateway: Gateway;
let url: string;
const written: string[] = [];
let trace: ReturnType<typeof createTraceRecorder>;

beforeAll(async () => {
  backends = await startBackends();
  // Each backend answers after a pause, so the two requests below are in flight together.
  backends.answer = async (format, stream) => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    return backendReply(format, answer(format === 'openai' ? '北京晴。' : '上海雨。'), stream);
  };
  trace = createTraceRecorder({ write: (line) => written.push(line), source: 'gateway test' });
  gateway = createBuiltInGateway(backendConfig(backends, { keys: [{ name: 'team', sha256: hashGatewayKey(TEAM) }] }), {
    log: false,
    registry: { env: {} },
    trace,
  });
  ({ url } = await gateway.listen({ port: 0 }));
});
afterAll(async () => {
  await gateway.close();
  await trace.close();
  await backends.close();
});

describe('a gateway trace', () => {
  it('records each request, its backend call (wire and IR) and its answer, concurrent requests apart', async () => {
    const openai = new OpenAI({ apiKey: TEAM, baseURL: `${url}/v1`, maxRetries: 0 });
    const anthropic = new Anthropic({ apiKey: TEAM, baseURL: url, maxRetries: 0 });
    const [json, streamed] = await Promise.all([
      openai.chat.completions.create(
        { model: 'openai-backend', messages: [{ role: 'user', content: '北京天气？' }] },
        { headers: { 'x-request-id': 'trace-json-1' } },
      ),
      anthropic.messages
        .stream(
          { model: 'anthropic-backend', max_tokens: 64, messages: [{ role: 'user', content: '上海天气？' }] },
          { headers: { 'x-request-id': 'trace-stream-1' } },
        )
        .finalMessage(),
    ]);
    expect(json.choices[0]?.message.content).toBe('北京晴。');
    expect(streamed.content).toMatchObject([{ type: 'text', text: '上海雨。' }]);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const lines = written.map((text) => traceLineSchema.parse(JSON.parse(text)) as TraceLine);
    expect(lines[0]).toMatchObject({ type: 'trace-start', source: 'gateway test', v: 2 });
    // The two requests overlapped: the second request line came before the first answer.
    const kinds = lines.map((line) => line.type);
    expect(kinds.lastIndexOf('gateway-request')).toBeLessThan(kinds.indexOf('gateway-response'));

    const of = (id: string) => lines.filter((line) => 'requestId' in line && line.requestId === id);
    const cases = [
      { id: 'trace-json-1', prompt: '北京天气？', reply: '北京晴。', backend: 'openai:gpt-4.1', stream: false },
      {
        id: 'trace-stream-1',
        prompt: '上海天气？',
        reply: '上海雨。',
        backend: 'anthropic:claude-sonnet-4-6',
        stream: true,
      },
    ];
    const calls = new Set<number | null>();
    for (const { id, prompt, reply, backend, stream } of cases) {
      const own = of(id);
      expect(own.map((line) => line.type)).toEqual([
        'gateway-request',
        'model-request',
        'model-response',
        'gateway-response',
      ]);
      const [inbound, request, response, outbound] = own as [
        Extract<TraceLine, { type: 'gateway-request' }>,
        Extract<TraceLine, { type: 'model-request' }>,
        Extract<TraceLine, { type: 'model-response' }>,
        Extract<TraceLine, { type: 'gateway-response' }>,
      ];
      // What the client sent, as it sent it; its key only by name.
      expect(JSON.stringify(inbound.body)).toContain(prompt);
      expect(inbound).toMatchObject({ method: 'POST', key: 'team', format: stream ? 'anthropic' : 'openai' });
      // The backend call: the wire body as sent to the backend and the IR beside it, paired by call number.
      expect(`${request.provider}:${request.model}`).toBe(backend);
      expect(JSON.stringify(request.wire?.body)).toContain(prompt);
      expect(request.ir).toMatchObject({ messages: [{ role: 'user', content: [{ type: 'text', text: prompt }] }] });
      expect(response.call).toBe(request.call);
      expect(response.usage).toEqual({ inputTokens: 12, outputTokens: 5 });
      expect(JSON.stringify(stream ? response.wire?.events : response.wire?.body)).toContain(reply);
      calls.add(request.call);
      // The answer as written to the client: a JSON body, or the stream's events.
      expect(outbound).toMatchObject({ status: 200, backend, stream, usage: { inputTokens: 12, outputTokens: 5 } });
      expect(outbound.costUsd).toEqual(expect.any(Number));
      if (stream) {
        expect(outbound.body).toBeUndefined();
        expect((outbound.events as { type?: string }[]).map((event) => event.type)).toContain('message_stop');
        expect(JSON.stringify(outbound.events)).toContain(reply);
      } else {
        expect(outbound.body).toMatchObject({ choices: [{ message: { content: reply } }] });
      }
    }
    expect(calls.size).toBe(2);
    // No credential of the client or the backends anywhere.
    const file = written.join('\n');
    for (const secret of [TEAM, 'sk-backend-openai-0000', 'sk-ant-backend-0000', 'gemini-backend-key-0000']) {
      expect(file).not.toContain(secret);
    }
  });

  it('records a refused request with its error, and no backend call', async () => {
    const before = written.length;
    const client = new OpenAI({ apiKey: TEAM, baseURL: `${url}/v1`, maxRetries: 0 });
    await expect(
      client.chat.completions.create(
        { model: 'nope', messages: [{ role: 'user', content: 'x' }] },
        { headers: { 'x-request-id': 'trace-404' } },
      ),
    ).rejects.toMatchObject({ status: 404 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lines = written.slice(before).map((text) => traceLineSchema.parse(JSON.parse(text)));
    expect(lines.map((line) => line.type)).toEqual(['gateway-request', 'gateway-response']);
    expect(lines[1]).toMatchObject({
      requestId: 'trace-404',
      status: 404,
      error: { name: 'not_found', message: expect.stringContaining('"nope"') },
      body: { error: { code: 'model_not_found' } },
    });
  });

  it('a tap that throws (a full disk under the trace file) is logged and never fails the request', async () => {
    const logs: Record<string, unknown>[] = [];
    const broken = createBuiltInGateway(backendConfig(backends), {
      log: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
      registry: { env: {} },
      tap: {
        request() {
          throw new Error('ENOSPC: no space left on device');
        },
        response() {
          throw new Error('ENOSPC: no space left on device');
        },
      },
    });
    const { url: brokenUrl } = await broken.listen({ port: 0 });
    try {
      const client = new OpenAI({ apiKey: 'unused-key', baseURL: `${brokenUrl}/v1`, maxRetries: 0 });
      const answered = await client.chat.completions.create(
        { model: 'openai-backend', messages: [{ role: 'user', content: '北京天气？' }] },
        { headers: { 'x-request-id': 'tap-broken-1' } },
      );
      expect(answered.choices[0]?.message.content).toBe('北京晴。');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const failures = logs.filter((line) => line.msg === 'the gateway tap failed');
      expect(failures).toHaveLength(2);
      expect(failures[0]).toMatchObject({ id: 'tap-broken-1', error: 'Error: ENOSPC: no space left on device' });
      expect(logs.find((line) => line.id === 'tap-broken-1' && line.msg === 'request')).toMatchObject({ status: 200 });
    } finally {
      await broken.close();
    }
  });
});
