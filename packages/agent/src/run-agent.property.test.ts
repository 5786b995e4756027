import { defineTool, type FinishReason, type Message, type ModelResponse } from '@interlingua/core';
import { scriptedModel } from '@interlingua/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentEvent } from './agent-event';
import type { AgentResult } from './agent-result';
import { findHistoryProblems } from './history/find-history-problems';
import { runAgent } from './run-agent';
import { streamAgent } from './stream-agent';
import { userMessage } from './user-message';

const thrownValues: unknown[] = [new Error('boom'), 'a string', undefined, { code: 42 }, null];
const tools = [
  defineTool({ name: 'ok', description: 'd', input: z.object({ city: z.string() }), execute: ({ city }) => city }),
  defineTool({
    name: 'throws',
    description: 'd',
    input: z.object({ city: z.string() }),
    execute: ({ city }) => {
      throw thrownValues[city.length % thrownValues.length];
    },
  }),
  defineTool({
    name: 'rejects',
    description: 'd',
    input: z.object({ city: z.string() }),
    execute: async () => Promise.reject(new Error('async boom')),
  }),
  defineTool({
    name: 'error_output',
    description: 'd',
    input: z.object({ city: z.string() }),
    execute: () => ({
      type: 'tool-output' as const,
      content: [{ type: 'text' as const, text: 'nope' }],
      isError: true,
    }),
  }),
];

const reasons: FinishReason[] = [
  'stop',
  'tool_calls',
  'length',
  'content_filter',
  'refusal',
  'pause',
  'error',
  'other',
];

const arbitraryResponse = (step: number): fc.Arbitrary<ModelResponse> =>
  fc
    .record({
      finishReason: fc.constantFrom(...reasons),
      text: fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
      calls: fc.array(
        fc.record({
          name: fc.constantFrom('ok', 'throws', 'rejects', 'error_output', 'missing'),
          args: fc.oneof(fc.constant({ city: 'Paris' }), fc.constant({ city: 3 }), fc.constant({})),
          cutOff: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
      inputTokens: fc.nat({ max: 1000 }),
    })
    .map(({ finishReason, text, calls, inputTokens }) => ({
      message: {
        role: 'assistant',
        content: [
          ...(text === undefined ? [] : [{ type: 'text' as const, text }]),
          ...calls.map((call, index) => ({
            type: 'tool-call' as const,
            id: `call_${step}_${index}`,
            name: call.name,
            args: call.cutOff ? {} : call.args,
            ...(call.cutOff
              ? { argsText: '{"city": "Pa', argsError: 'Expected the arguments to be a JSON object.' }
              : {}),
          })),
        ],
      },
      finishReason,
      rawFinishReason: finishReason,
      usage: { inputTokens, outputTokens: 1 },
      warnings: [],
    }));

const arbitraryScript = fc
  .integer({ min: 1, max: 5 })
  .chain((length) => fc.tuple(...Array.from({ length }, (_, step) => arbitraryResponse(step))));

function callIds(messages: readonly Message[]): string[] {
  return messages.flatMap((message) =>
    message.role === 'assistant' ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part.id] : [])) : [],
  );
}

function resultIds(messages: readonly Message[]): string[] {
  return messages.flatMap((message) =>
    message.role === 'tool' ? message.content.map((result) => result.toolCallId) : [],
  );
}

async function finishOf(events: AsyncIterable<AgentEvent>): Promise<AgentResult> {
  let result: AgentResult | undefined;
  for await (const event of events) if (event.type === 'finish') result = event.result;
  if (result === undefined) throw new Error('no finish event');
  return result;
}

describe('runAgent and streamAgent (property)', () => {
  it('never throws for anything a model or tool does, answers every call exactly once, and returns a valid history', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbitraryScript,
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        async (script, maxSteps, streaming) => {
          const model = scriptedModel(script);
          const options = { model, tools, messages: [userMessage('go')], maxSteps, toolConcurrency: 2 };
          const result = streaming ? await finishOf(streamAgent(options)) : await runAgent(options);
          expect(findHistoryProblems(result.messages)).toEqual([]);
          expect(resultIds(result.messages)).toEqual(callIds(result.messages));
          expect(result.steps.length).toBeLessThanOrEqual(maxSteps);
          if (result.finishReason === 'max_steps') expect(result.steps).toHaveLength(maxSteps);
          expect(result.usage.inputTokens).toBe(result.inputTokensPerStep.reduce((sum, tokens) => sum + tokens, 0));
          // A model call that threw (the script ran out) is a request without a step.
          expect(model.requests).toHaveLength(result.steps.length + (result.error === undefined ? 0 : 1));
          for (const step of result.steps) {
            for (const outcome of step.toolOutcomes) expect(outcome.result.isError).toBe(outcome.error !== undefined);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
