import { runAgent, userMessage } from '@interlingua/agent';
import { defineTool, type ModelResponse } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codecs, modelIds, providerNames } from '../handoff/handoff-histories';
import { readWireBody } from '../handoff/handoff-wire';

// A history stopped at approval (issue 31): calls run and calls held in one turn. Encoded for
// every provider as it stands, and again after the decisions, it must keep each provider's turn
// rules: every call answered exactly once, no orphan tool_use / function_call / functionCall.

const remove = defineTool({
  name: 'delete_file',
  description: 'Delete a file.',
  input: z.object({ path: z.string() }),
  needsApproval: true,
  execute: ({ path }) => `deleted ${path}`,
});
const list = defineTool({
  name: 'list_files',
  description: 'List files.',
  input: z.object({}),
  execute: () => 'a.txt b.txt',
});
const turn = toolCallResponse(
  [
    { id: 'call_list', name: 'list_files', args: {} },
    { id: 'call_delete', name: 'delete_file', args: { path: '~/a.txt' } },
  ],
  { text: 'Let me look, then delete.' },
);

async function stoppedHistory() {
  const model = scriptedModel([turn, textResponse('Kept it.')]);
  const stopped = await runAgent({ model, tools: [remove, list], messages: [userMessage('delete a.txt')] });
  expect(stopped.finishReason).toBe('approval-requested');
  const resumed = await runAgent({
    model,
    tools: [remove, list],
    history: stopped.messages,
    approvals: [{ approvalId: 'call_delete', approved: false, reason: 'not today' }],
  });
  return { stopped: stopped.messages, decided: model.requests[1]?.messages ?? [], resumed: resumed.messages };
}

const histories = await stoppedHistory();

describe.each(providerNames)('a history held for approval, encoded for %s', (provider) => {
  const read = (messages: typeof histories.stopped) =>
    readWireBody[provider](
      codecs[provider].encodeRequest(
        { messages: [...messages, userMessage('go on')], tools: [remove, list] },
        { model: modelIds[provider] },
      ).value,
    );

  it('answers every call exactly once while the decision is pending', () => {
    const reading = read(histories.stopped);
    expect(reading.problems).toEqual([]);
    expect(reading.exchanges).toHaveLength(1);
    const [exchange] = reading.exchanges;
    expect(exchange?.calls.map((call) => call.name)).toEqual(['list_files', 'delete_file']);
    expect(exchange?.answers.map((answer) => [answer.name, answer.isError])).toEqual([
      ['list_files', false],
      ['delete_file', true],
    ]);
    expect(exchange?.answers[1]?.text).toContain('waiting for a person to approve');
  });

  it('answers every call exactly once after the decision, the denial with its reason', () => {
    for (const messages of [histories.decided, histories.resumed]) {
      const reading = read(messages);
      expect(reading.problems).toEqual([]);
      const answers = reading.exchanges[0]?.answers ?? [];
      expect(answers.map((answer) => [answer.name, answer.isError])).toEqual([
        ['list_files', false],
        ['delete_file', true],
      ]);
      expect(answers[1]?.text).toContain('not today');
    }
  });
});

// The provider's own approval request (OpenAI's MCP connector) in a history that moves elsewhere.
describe('a provider-run call held for approval', () => {
  const request: ModelResponse = {
    message: {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          id: 'mcpr_1',
          name: 'roll',
          args: { diceRollExpression: '2d4 + 1' },
          approval: { approvalId: 'mcpr_1', providerExecuted: true },
          providerMetadata: { openai: { serverLabel: 'dmcp' } },
        },
      ],
    },
    finishReason: 'tool_calls',
    rawFinishReason: 'completed',
    usage: { inputTokens: 10, outputTokens: 5 },
    warnings: [],
  };

  it('is an open mcp_approval_request on Responses and an answered call, with a warning, elsewhere', async () => {
    const stopped = await runAgent({ model: scriptedModel([request]), messages: [userMessage('roll')] });
    expect(stopped.finishReason).toBe('approval-requested');
    for (const provider of providerNames) {
      const { value, warnings } = codecs[provider].encodeRequest(
        { messages: [...stopped.messages, userMessage('go on')] },
        { model: modelIds[provider] },
      );
      const reading = readWireBody[provider](value);
      expect(reading.problems).toEqual([]);
      if (provider === 'openai-responses') {
        expect(JSON.stringify(value)).toContain('"type":"mcp_approval_request"');
        expect(reading.exchanges).toEqual([]);
      } else {
        expect(reading.exchanges[0]?.calls.map((call) => call.name)).toEqual(['roll']);
        expect(reading.exchanges[0]?.answers).toHaveLength(1);
        // The OpenAI server label means nothing there: said, not dropped silently.
        if (provider !== 'openai') expect(warnings.length).toBeGreaterThan(0);
      }
    }
  });
});
