import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTraceLines } from './parse-trace-lines';

const line = { v: 1, seq: 0, time: '2026-12-01T10:00:00.000Z', ms: 0, type: 'tool-call', step: 0, toolCall: {} };

describe('parseTraceLines', () => {
  it('is total: any text gives lines and problems, one per non-empty line, and never throws or touches prototypes', () => {
    const row = fc.oneof(
      fc.string(),
      fc.json(),
      fc.constant(JSON.stringify(line)),
      fc.constant('{"__proto__":{"polluted":true},"v":1}'),
      fc.jsonValue().map((value) => JSON.stringify({ ...line, toolCall: value })),
      fc
        .record({ type: fc.constantFrom('mcp', 'model-response', 'run-finish', 'nope'), v: fc.constantFrom(1, 2) })
        .map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
        const text = rows.map((entry) => entry.replaceAll('\n', ' ')).join('\n');
        const parsed = parseTraceLines(text);
        const nonEmpty = text.split('\n').filter((entry) => entry.trim() !== '').length;
        expect(parsed.lines.length + parsed.problems.length).toBe(nonEmpty);
        for (const problem of parsed.problems) expect(problem.message).toMatch(/^Expected /);
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      }),
      { seed: 20, numRuns: 300 },
    );
  });

  it('numbers lines from the first line it is given', () => {
    expect(parseTraceLines(`${JSON.stringify(line)}\nnope\n`, 40).problems).toEqual([
      { line: 41, message: 'Expected a JSON object, got "nope".' },
    ]);
  });
});
