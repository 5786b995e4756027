import type { Message, ToolCall } from '@interlingua/core';
import { arbitraryAgentHistory } from '@interlingua/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseToolResults } from './collapse-tool-results';
import { estimateTokens } from './estimate-tokens';
import { findHistoryProblems } from './find-history-problems';
import { findTurnStarts } from './find-turn-starts';
import { composeHistoryStrategies, type HistoryContext, type HistoryStrategy } from './history-strategy';
import { keepLastTurns } from './keep-last-turns';
import { tokenBudget } from './token-budget';

const context: HistoryContext = { system: 'Be brief.', tools: [], step: 0 };
const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const say = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const call = (id: string): ToolCall => ({ type: 'tool-call', id, name: 'get_weather', args: { city: id } });
const results = (...ids: string[]): Message => ({
  role: 'tool',
  content: ids.map((id) => ({
    type: 'tool-result',
    toolCallId: id,
    toolName: 'get_weather',
    content: [{ type: 'text', text: `result of ${id}\nsecond line` }],
    isError: false,
  })),
});

const arbitraryHistory = arbitraryAgentHistory({ reasoning: true, maxTurns: 6 });

type Named = { name: string; strategy: HistoryStrategy; kind: 'keep' | 'budget' | 'collapse' | 'composed'; n: number };
const arbitraryStrategy: fc.Arbitrary<Named> = fc.oneof(
  fc
    .integer({ min: 1, max: 5 })
    .map((n): Named => ({ name: `keepLastTurns(${n})`, strategy: keepLastTurns(n), kind: 'keep', n })),
  fc
    .integer({ min: 1, max: 3_000 })
    .map(
      (n): Named => ({ name: `tokenBudget(${n})`, strategy: tokenBudget({ maxInputTokens: n }), kind: 'budget', n }),
    ),
  fc.integer({ min: 1, max: 4 }).map(
    (n): Named => ({
      name: `collapse(${n})`,
      strategy: collapseToolResults({ olderThanTurns: n }),
      kind: 'collapse',
      n,
    }),
  ),
);
const arbitraryComposition: fc.Arbitrary<Named> = fc
  .array(arbitraryStrategy, { minLength: 2, maxLength: 3 })
  .map((parts) => ({
    name: parts.map((part) => part.name).join(' ∘ '),
    strategy: composeHistoryStrategies(...parts.map((part) => part.strategy)),
    kind: 'composed',
    n: 0,
  }));

const userTurns = (messages: readonly Message[]) => messages.filter((message) => message.role === 'user').length;

describe('history strategies (property)', () => {
  it('never orphan a result, drop a result, or start with a tool message; keep the current turn; do not mutate', () => {
    fc.assert(
      fc.property(
        arbitraryHistory,
        fc.oneof(arbitraryStrategy, arbitraryComposition),
        (history, { strategy, kind, n }) => {
          const before = structuredClone(history);
          const out = strategy(history, context);
          expect(history).toEqual(before);
          expect(findHistoryProblems(out)).toEqual([]);
          expect(out[0]?.role).toBe('user');
          expect(out.at(-1)).toEqual(history.at(-1));
          const lastTurn = history.slice(findTurnStarts(history).at(-1));
          expect(out.slice(-lastTurn.length)).toEqual(lastTurn);
          if (kind === 'keep') {
            expect(userTurns(out)).toBe(Math.min(n, userTurns(history)));
            expect(out).toEqual(history.slice(history.length - out.length));
          }
          if (kind === 'budget') {
            const fits = estimateTokens({ system: 'Be brief.', messages: [...out] }) <= n;
            expect(fits || out.length === lastTurn.length).toBe(true);
            expect(out).toEqual(history.slice(history.length - out.length));
          }
          if (kind === 'collapse') {
            expect(out.map((message) => message.role)).toEqual(history.map((message) => message.role));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('keepLastTurns', () => {
  it('cuts at user messages only, so a long tool chain stays whole', () => {
    const history = [
      user('a'),
      say('A'),
      user('b'),
      { role: 'assistant', content: [call('c1')] } as Message,
      results('c1'),
      say('B'),
    ];
    expect(keepLastTurns(1)(history, context)).toEqual(history.slice(2));
    expect(keepLastTurns(5)(history, context)).toBe(history);
    expect(() => keepLastTurns(0)).toThrow('Expected keepLastTurns(n) with n a positive integer, got 0.');
  });
});

describe('tokenBudget', () => {
  it('drops the oldest turns until the estimate fits, and keeps the last turn even over budget', () => {
    const history = [user('x'.repeat(400)), say('y'.repeat(400)), user('short'), say('ok')];
    const fits = tokenBudget({ maxInputTokens: 50 })(history, context);
    expect(fits).toEqual(history.slice(2));
    expect(tokenBudget({ maxInputTokens: 1 })(history, context)).toEqual(history.slice(2));
    expect(tokenBudget({ maxInputTokens: 10_000 })(history, context)).toBe(history);
  });

  it('uses a custom estimate over the whole request, system and tools included', () => {
    const seen: number[] = [];
    const strategy = tokenBudget({
      maxInputTokens: 2,
      estimate: (request) => {
        seen.push(request.messages.length);
        return request.messages.length;
      },
    });
    expect(strategy([user('a'), say('b'), user('c'), say('d')], context)).toHaveLength(2);
    expect(seen).toEqual([4]);
    expect(() => tokenBudget({ maxInputTokens: 0.5 })).toThrow(/positive integer, got 0.5/);
  });
});

describe('collapseToolResults', () => {
  it('replaces older results by a one-line summary, keeping ids, names and isError', () => {
    const history = [
      user('q1'),
      { role: 'assistant', content: [call('c1'), call('c2')] } as Message,
      results('c1', 'c2'),
      say('a1'),
      user('q2'),
      { role: 'assistant', content: [call('c3')] } as Message,
      results('c3'),
    ];
    const out = collapseToolResults({ olderThanTurns: 1 })(history, context);
    expect(out[2]).toEqual({
      role: 'tool',
      content: ['c1', 'c2'].map((id) => ({
        type: 'tool-result',
        toolCallId: id,
        toolName: 'get_weather',
        content: [{ type: 'text', text: `[get_weather → result of ${id} second line]` }],
        isError: false,
      })),
    });
    expect(out[6]).toBe(history[6]);
    const custom = collapseToolResults({
      olderThanTurns: 1,
      summarize: (result, source) => `${source?.args.city}:${result.toolCallId}`,
    });
    expect(custom(history, context)[2]?.content[0]).toMatchObject({ content: [{ type: 'text', text: 'c1:c1' }] });
  });
});

describe('estimateTokens', () => {
  it('counts ASCII at 4 characters a token, other characters one each, plus framing', () => {
    expect(estimateTokens({ messages: [user('abcdefgh')] })).toBe(4 + 4 + 2);
    expect(estimateTokens({ messages: [user('北京今天天气怎么样')] })).toBe(4 + 4 + 9);
    expect(estimateTokens({ messages: [user('😀')] })).toBe(4 + 4 + 1);
    expect(estimateTokens({ system: 'abcd', messages: [] })).toBe(1 + 4);
  });
});

describe('findHistoryProblems', () => {
  it('names each way a history can break', () => {
    expect(findHistoryProblems([results('x')])).toEqual([
      'Expected the history to start with a user or assistant message, got a tool message.',
      'messages[0]: Expected a tool message only right after an assistant turn with tool calls, got an orphan tool message.',
    ]);
    expect(findHistoryProblems([user('q'), { role: 'assistant', content: [call('a')] }])).toEqual([
      'messages[1]: Expected the tool calls [a] to be answered by the next message, got the end of the history.',
    ]);
    expect(
      findHistoryProblems([user('q'), { role: 'assistant', content: [call('a'), call('b')] }, results('b', 'a')]),
    ).toEqual(['messages[2]: Expected one result per call, in call order [a, b], got [b, a].']);
    expect(
      findHistoryProblems([user('q'), { role: 'assistant', content: [call('a')] }, results('a', 'a')]),
    ).toHaveLength(1);
  });
});
