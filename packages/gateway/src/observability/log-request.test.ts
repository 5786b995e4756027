import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestOutcome } from '../http/create-node-listener';
import { newRequestRecord, type RequestRecord } from '../http/gateway-exchange';
import { createRequestLog } from './log-request';

// Two writers side by side: the fast path (a plain destination) and pino's own serialisation
// (a destination that asks for pino's metadata, as `pino.multistream` does).
function writers() {
  const fast: string[] = [];
  const viaPino: string[] = [];
  const options = { base: null, timestamp: pino.stdTimeFunctions.isoTime };
  const fastDestination = { write: (line: string) => void fast.push(line) };
  const pinoDestination = {
    write: (line: string) => void viaPino.push(line),
    [pino.symbols.needsMetadataGsym]: true,
  };
  const fastLogger = pino(options, fastDestination);
  const pinoLogger = pino(options, pinoDestination);
  return {
    fast,
    viaPino,
    fastLogger,
    pinoLogger,
    logFast: createRequestLog(fastLogger, fastDestination),
    logPino: createRequestLog(pinoLogger, pinoDestination),
  };
}

function record(fill: Partial<RequestRecord>): RequestRecord {
  return Object.assign(newRequestRecord('req-1', 'POST', '/v1/chat/completions'), fill);
}

const outcome = (fill: Partial<RequestOutcome> = {}): RequestOutcome => ({
  status: 200,
  durationMs: 12.3456,
  overheadMs: 0.4567,
  aborted: false,
  ...fill,
});

const cases: Array<[string, RequestRecord, RequestOutcome]> = [
  [
    'a call answered with usage and a cost',
    record({
      route: 'openai.chat',
      format: 'openai',
      key: 'team-a',
      model: 'fast',
      backend: 'openai:gpt-4.1-mini',
      backendModel: 'gpt-4.1-mini-2025-04-14',
      usage: { inputTokens: 12, outputTokens: 5, cachedInputTokens: 3 },
      cost: 0.0000123,
      upstreamMs: 11.111,
    }),
    outcome(),
  ],
  [
    'a stream the client left, with estimated tokens and an unknown price',
    record({
      stream: true,
      usage: { inputTokens: 40, outputTokens: 7, reasoningTokens: 2 },
      usageEstimated: true,
      cost: 'unknown',
      firstByteMs: 3.14567,
      retries: 2,
      fallback: 'anthropic:claude-sonnet-4-5',
    }),
    outcome({ status: 499, aborted: true }),
  ],
  [
    'an error answered, with warnings and caller-chosen text',
    record({
      model: 'quo"te\\back\nline\u2028sep\u0001ctl é 模型',
      warnings: [{ type: 'unsupported', feature: 'temperature', message: 'temperature dropped: "o3" fixes it' }],
      error: { type: 'upstream', message: 'The backend answered 503.' },
    }),
    outcome({ status: 502, durationMs: Number.NaN }),
  ],
  ['a budget that could not count the call', record({ budgetWarning: 'no price for openai:x' }), outcome()],
  ['a 404 with nothing known', record({}), outcome({ status: 404, overheadMs: 0 })],
];

describe('the request log line (issue 33: one JSON.stringify, written to the destination)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T19:00:00.123Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(cases)('is the line pino writes, byte for byte: %s', (_name, entry, end) => {
    const { fast, viaPino, logFast, logPino } = writers();
    logFast(entry, end);
    logPino(entry, end);
    expect(viaPino).toHaveLength(1);
    expect(fast).toEqual(viaPino);
    const line = JSON.parse(fast[0] as string);
    expect(line.time).toBe('2026-12-02T19:00:00.123Z');
    expect(line.msg).toBe('request');
  });

  it('takes a new timestamp when the clock moves, and keeps levels by status', () => {
    const { fast, logFast } = writers();
    logFast(record({}), outcome());
    vi.setSystemTime(new Date('2026-12-02T19:00:01.000Z'));
    logFast(record({}), outcome({ status: 429 }));
    logFast(record({}), outcome({ status: 500 }));
    const lines = fast.map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.level, line.time])).toEqual([
      [30, '2026-12-02T19:00:00.123Z'],
      [40, '2026-12-02T19:00:01.000Z'],
      [50, '2026-12-02T19:00:01.000Z'],
    ]);
  });

  it("follows the logger's level as it is at each line", () => {
    const { fast, fastLogger, logFast } = writers();
    fastLogger.level = 'warn';
    logFast(record({}), outcome());
    logFast(record({ budgetWarning: 'unpriced' }), outcome());
    fastLogger.level = 'silent';
    logFast(record({}), outcome({ status: 503 }));
    expect(fast.map((line) => JSON.parse(line).level)).toEqual([40]);
  });

  it('writes valid JSON for a lone surrogate in a caller-chosen field', () => {
    const { fast, logFast } = writers();
    logFast(record({ model: 'half \ud800 pair' }), outcome());
    expect(JSON.parse(fast[0] as string).model).toBe('half \ud800 pair');
  });

  it("hands a value JSON cannot hold to pino's safe serialisation instead of throwing", () => {
    const { fast, logFast } = writers();
    const cyclic: Record<string, unknown> = { type: 'x', message: 'y' };
    cyclic.self = cyclic;
    expect(() => logFast(record({ error: cyclic as RequestRecord['error'] }), outcome({ status: 500 }))).not.toThrow();
    expect(JSON.parse(fast[0] as string).error.self).toBe('[Circular]');
  });
});
