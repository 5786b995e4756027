import {
  collapseToolResults,
  composeHistoryStrategies,
  findHistoryProblems,
  type HistoryStrategy,
  keepLastTurns,
  tokenBudget,
} from '@interlingua/agent';
import { anthropicCodec } from '@interlingua/anthropic';
import type { ChatRequest, Message, Tool } from '@interlingua/core';
import { functionToolsOf } from '@interlingua/core';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { arbitraryAgentHistory, arbitraryChatRequest } from '@interlingua/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const tools: Tool[] = ['get_weather', 'get_time'].map((name) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
}));

const history = arbitraryAgentHistory();

const single: fc.Arbitrary<HistoryStrategy> = fc.oneof(
  fc.integer({ min: 1, max: 4 }).map((n) => keepLastTurns(n)),
  fc.integer({ min: 1, max: 2_000 }).map((n) => tokenBudget({ maxInputTokens: n })),
  fc.integer({ min: 1, max: 3 }).map((n) => collapseToolResults({ olderThanTurns: n })),
);
const arbitraryStrategy = fc.oneof(
  single,
  fc.array(single, { minLength: 2, maxLength: 3 }).map((parts) => composeHistoryStrategies(...parts)),
);

/** Each codec encodes the request and counts the tool results its wire body carries. */
const codecs: { name: string; resultsOnWire: (request: ChatRequest) => number }[] = [
  {
    name: 'openai',
    resultsOnWire: (request) =>
      openaiCodec
        .encodeRequest(request, { model: 'gpt-4.1' })
        .value.messages.filter((message) => message.role === 'tool').length,
  },
  {
    name: 'anthropic',
    resultsOnWire: (request) =>
      anthropicCodec
        .encodeRequest(request, { model: 'claude-sonnet-4-6' })
        .value.messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content))
        .filter((block) => block.type === 'tool_result').length,
  },
  {
    name: 'gemini',
    resultsOnWire: (request) =>
      geminiCodec
        .encodeRequest(request, { model: 'gemini-2.0-flash' })
        .value.contents.flatMap((content) => content.parts)
        .filter((part) => 'functionResponse' in part).length,
  },
];

const countResults = (messages: readonly Message[]) =>
  messages.reduce((total, message) => total + (message.role === 'tool' ? message.content.length : 0), 0);

describe.each(codecs)('history strategy output encodes through the $name codec', ({ resultsOnWire }) => {
  const check = (request: ChatRequest, strategy: HistoryStrategy) => {
    const shaped = [...strategy(request.messages, { tools: functionToolsOf(request.tools), step: 0 })];
    expect(findHistoryProblems(shaped)).toEqual([]);
    // Every result of the shaped history reaches the wire: none dropped, none invented.
    expect(resultsOnWire({ ...request, messages: shaped })).toBe(countResults(shaped));
  };

  it('for agent histories (multi-turn, parallel calls, error results)', () => {
    fc.assert(
      fc.property(history, arbitraryStrategy, (messages, strategy) => {
        check({ system: 'Be brief.', messages, tools }, strategy);
      }),
      { numRuns: 60 },
    );
  });

  it('for the testkit’s generated chat requests', () => {
    fc.assert(
      fc.property(arbitraryChatRequest(), arbitraryStrategy, (request, strategy) => check(request, strategy)),
      { numRuns: 60 },
    );
  });
});
