import { describe, expect, it } from 'vitest';
import { type TraceLine, traceLineSchema } from '../../trace/trace-line-schema';
import { groupTurns, type Turn } from './group-turns';
import { legSpans } from './leg-spans';
import { summarizeTrace } from './trace-summary';

let seq = 0;
const line = (ms: number, fields: Record<string, unknown>): TraceLine =>
  traceLineSchema.parse({ v: 2, seq: seq++, time: '2026-12-01T10:00:00.000Z', ms, ...fields });
const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
const call = (ms: number, n: number, messages: unknown[]) =>
  line(ms, { type: 'model-request', call: n, provider: 'anthropic', model: 'm', attempt: 1, ir: { messages } });
const answer = (ms: number, n: number, durationMs: number, extra: Record<string, unknown> = {}) =>
  line(ms, {
    type: 'model-response',
    call: n,
    provider: 'anthropic',
    model: 'm',
    attempt: 1,
    durationMs,
    usage: { inputTokens: 10 * n, outputTokens: n },
    warnings: [],
    ...extra,
  });
const finish = (ms: number) =>
  line(ms, {
    type: 'run-finish',
    finishReason: 'stop',
    steps: 1,
    usage: { inputTokens: 1, outputTokens: 1 },
    cost: 'unknown',
    warnings: [],
  });

// A chat of two turns, the second with a tool round: what `interlingua chat` records.
const chat = [
  line(1, {
    type: 'mcp',
    server: 'weather',
    direction: 'send',
    message: { jsonrpc: '2.0', id: 0, method: 'initialize' },
  }),
  line(9, { type: 'mcp', server: 'weather', direction: 'receive', message: { jsonrpc: '2.0', id: 0, result: {} } }),
  call(10, 1, [user('你好')]),
  answer(40, 1, 30),
  finish(41),
  call(50, 2, [user('你好'), { role: 'assistant', content: [] }, user('北京天气？')]),
  answer(70, 2, 20),
  line(71, { type: 'tool-call', step: 0, toolCall: { type: 'tool-call', id: 't1', name: 'get_weather', args: {} } }),
  line(80, {
    type: 'tool-result',
    step: 0,
    toolCallId: 't1',
    toolName: 'get_weather',
    isError: false,
    result: { content: [] },
    durationMs: 9,
  }),
  call(81, 3, [user('北京天气？'), { role: 'tool', content: [] }]),
  answer(99, 3, 18),
  finish(100),
];

describe('the trace page reads a trace into turns, spans and one set of counts', () => {
  it('groups a chat into turns opened by a user message; the MCP handshake before them stays ungrouped', () => {
    const items = groupTurns(chat);
    expect(items.map((item) => ('seq' in item ? item.type : `turn ${item.index}: ${item.user}`))).toEqual([
      'mcp',
      'mcp',
      'turn 1: 你好',
      'turn 2: 北京天气？',
    ]);
    // The tool round's follow-up call (its request ends with the tool result) stays in its turn.
    expect((items[3] as Turn).lines.map((item) => item.type)).toEqual([
      'model-request',
      'model-response',
      'tool-call',
      'tool-result',
      'model-request',
      'model-response',
      'run-finish',
    ]);
  });

  it('counts a model call once (not its request and its response), a tool call once', () => {
    const summary = summarizeTrace(chat);
    expect(summary.counts).toEqual({ mcp: 2, model: 3, tool: 1, run: 2, gateway: 0 });
    expect(summary.tokens).toEqual({ input: 60, output: 6, cached: 0 });
    expect(summary.gateway).toBe(false);
  });

  it('spans a call from its duration, an MCP request until its answer, a tool call until its result', () => {
    const spans = legSpans(chat);
    expect(spans.get(chat[0]!.seq)).toEqual({ start: 1, end: 9 });
    expect(spans.get(chat[3]!.seq)).toEqual({ start: 10, end: 40 });
    expect(spans.get(chat[2]!.seq)).toEqual({ start: 10, end: 40 });
    expect(spans.get(chat[7]!.seq)).toEqual({ start: 71, end: 80 });
    expect(spans.get(chat[4]!.seq)).toEqual({ start: 41, end: 41 });
  });

  it('keeps overlapping gateway requests apart, each with its user message and its failed backend call', () => {
    const request = (ms: number, id: string, text: string) =>
      line(ms, {
        type: 'gateway-request',
        requestId: id,
        method: 'POST',
        path: '/v1/messages',
        headers: {},
        body: { messages: [{ role: 'user', content: text }] },
      });
    const backend = (ms: number, id: string, n: number) =>
      line(ms, {
        type: 'model-request',
        call: n,
        provider: 'openai',
        model: 'm',
        attempt: 1,
        requestId: id,
        ir: { messages: [user('x')] },
      });
    const reply = (ms: number, id: string) =>
      line(ms, { type: 'gateway-response', requestId: id, status: 200, stream: false, durationMs: 5, warnings: [] });
    const lines = [
      request(1, 'a', 'first'),
      request(2, 'b', 'second'),
      backend(3, 'a', 1),
      backend(4, 'b', 2),
      { ...answer(5, 1, 2, { usage: undefined, error: { name: 'APICallError', message: 'down' } }), requestId: 'a' },
      reply(9, 'b'),
      reply(10, 'a'),
    ] as TraceLine[];
    const items = groupTurns(lines) as Turn[];
    expect(items.map((item) => [item.requestId, item.user, item.lines.length])).toEqual([
      ['a', 'first', 4],
      ['b', 'second', 3],
    ]);
    const summary = summarizeTrace(lines);
    expect(summary.gateway).toBe(true);
    expect(summary.counts.model).toBe(1);
    expect(summary.responses).toHaveLength(1);
    expect(legSpans(lines).get(lines[0]!.seq)).toEqual({ start: 1, end: 10 });
  });
});
