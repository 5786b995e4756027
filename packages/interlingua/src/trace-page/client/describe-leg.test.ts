import { describe, expect, it } from 'vitest';
import { traceLineSchema } from '../../trace/trace-line-schema';
import { describeLeg } from './describe-leg';

const base = { v: 2, seq: 1, time: '2026-12-01T10:00:00.000Z', ms: 5 } as const;

describe('describeLeg: gateway lines (trace format 2)', () => {
  it('puts a client request and its answer in the host lane, under the gateway filter', () => {
    const request = traceLineSchema.parse({
      ...base,
      type: 'gateway-request',
      requestId: 'req-1',
      method: 'POST',
      path: '/v1/messages',
      format: 'anthropic',
      key: 'team-a',
      headers: { 'x-api-key': '[REDACTED]' },
      body: { model: 'fast' },
    });
    expect(describeLeg(request)).toEqual({
      lane: 'host',
      kind: 'gateway',
      arrow: '←',
      title: 'client POST /v1/messages',
      detail: 'req-1 · key team-a · anthropic',
      error: false,
    });
    const answer = traceLineSchema.parse({
      ...base,
      seq: 4,
      type: 'gateway-response',
      requestId: 'req-1',
      status: 200,
      backend: 'openai:gpt-4.1',
      stream: true,
      durationMs: 812.4,
      events: [{ type: 'message_stop' }],
      usage: { inputTokens: 120, outputTokens: 30 },
      costUsd: 0.00048,
      warnings: [],
    });
    expect(describeLeg(answer)).toEqual({
      lane: 'host',
      kind: 'gateway',
      arrow: '→',
      title: 'client ← 200 stream · 120 in / 30 out',
      detail: 'req-1 · openai:gpt-4.1 · $0.000480 · 812.4 ms',
      error: false,
    });
  });

  it('marks an error answer, and says "cost unknown" rather than $0', () => {
    const refused = traceLineSchema.parse({
      ...base,
      type: 'gateway-response',
      requestId: 'req-2',
      status: 429,
      stream: false,
      durationMs: 3,
      body: { error: { type: 'insufficient_quota' } },
      costUsd: 'unknown',
      warnings: [],
      error: { name: 'budget_exceeded', message: 'The key "team-a" has spent its budget.' },
    });
    expect(describeLeg(refused)).toMatchObject({
      title: 'client ← 429 budget_exceeded',
      detail: 'req-2 · cost unknown · 3 ms',
      error: true,
    });
  });
});
