import { defineTool, InvalidRequestError, type ModelResponse, type ToolResult } from '@interlingua/core';
import { scriptedModel, textResponse, toolCallResponse } from '@interlingua/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentEvent } from '../agent-event';
import { createConversation } from '../create-conversation';
import { findHistoryProblems } from '../history/find-history-problems';
import { runAgent } from '../run-agent';
import { streamAgent } from '../stream-agent';
import { userMessage } from '../user-message';

function fileTools() {
  const ran: string[] = [];
  const deleteFile = defineTool({
    name: 'delete_file',
    description: 'Delete a file.',
    input: z.object({ path: z.string() }),
    // Only what lies outside the scratch folder needs a person.
    needsApproval: ({ path }) => !path.startsWith('scratch/'),
    execute: ({ path }) => {
      ran.push(`delete ${path}`);
      return `deleted ${path}`;
    },
  });
  const listFiles = defineTool({
    name: 'list_files',
    description: 'List files.',
    input: z.object({}),
    execute: () => {
      ran.push('list');
      return 'a.txt b.txt';
    },
  });
  const pay = defineTool({
    name: 'pay',
    description: 'Spend money.',
    input: z.object({ amount: z.number() }),
    needsApproval: true,
    execute: ({ amount }) => {
      ran.push(`pay ${amount}`);
      return 'paid';
    },
  });
  return { ran, tools: [deleteFile, listFiles, pay] };
}

const turn = toolCallResponse([
  { id: 'c1', name: 'list_files', args: {} },
  { id: 'c2', name: 'delete_file', args: { path: '~/notes.txt' } },
  { id: 'c3', name: 'delete_file', args: { path: 'scratch/notes.txt' } },
  { id: 'c4', name: 'pay', args: { amount: 5 } },
]);

function resultOf(results: readonly ToolResult[], id: string): ToolResult | undefined {
  return results.find((result) => result.toolCallId === id);
}

describe('tool approval in the agent loop', () => {
  it('runs the calls that need no approval, holds the others with pending results, and stops', async () => {
    const { ran, tools } = fileTools();
    const model = scriptedModel([turn]);
    const result = await runAgent({ model, tools, messages: [userMessage('clean up')] });

    expect(result.finishReason).toBe('approval-requested');
    expect(ran).toEqual(['list', 'delete scratch/notes.txt']);
    expect(result.pendingApprovals?.map((call) => [call.id, call.approval])).toEqual([
      ['c2', { approvalId: 'c2' }],
      ['c4', { approvalId: 'c4' }],
    ]);
    // Every call has exactly one result: the history can go to any model as it is.
    expect(findHistoryProblems(result.messages)).toEqual([]);
    const tool = result.messages.at(-1);
    if (tool?.role !== 'tool') throw new Error('expected a tool message last');
    expect(tool.content.map((entry) => entry.toolCallId)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(resultOf(tool.content, 'c1')).toMatchObject({ isError: false, content: [{ text: 'a.txt b.txt' }] });
    expect(resultOf(tool.content, 'c2')).toMatchObject({
      isError: true,
      approval: { approvalId: 'c2', status: 'pending' },
    });
    // The assistant turn records which calls were held.
    const assistant = result.messages.at(-2);
    if (assistant?.role !== 'assistant') throw new Error('expected the assistant turn');
    expect(assistant.content.filter((part) => part.type === 'tool-call' && part.approval !== undefined)).toHaveLength(
      2,
    );
    expect(model.requests).toHaveLength(1);
  });

  it('resumes from the history with decisions: the approved call runs, the denied one tells the model why', async () => {
    const { ran, tools } = fileTools();
    const model = scriptedModel([turn, textResponse('Done: notes kept, paid 5.')]);
    const stopped = await runAgent({ model, tools, messages: [userMessage('clean up')] });
    ran.length = 0;
    const resumed = await runAgent({
      model,
      tools,
      history: stopped.messages,
      approvals: [
        { approvalId: 'c2', approved: false, reason: 'keep my notes' },
        { approvalId: 'c4', approved: true },
      ],
    });

    expect(ran).toEqual(['pay 5']);
    expect(resumed.finishReason).toBe('stop');
    expect(resumed.approvalOutcomes?.map((outcome) => outcome.result.approval?.status)).toEqual(['denied', 'approved']);
    // The model's next request holds the real results where the placeholders were.
    const sent = model.requests[1]?.messages ?? [];
    expect(findHistoryProblems(sent)).toEqual([]);
    const tool = sent.at(-1);
    if (tool?.role !== 'tool') throw new Error('expected the tool message last');
    expect(resultOf(tool.content, 'c2')).toMatchObject({
      isError: true,
      approval: { approvalId: 'c2', status: 'denied', reason: 'keep my notes' },
    });
    expect(JSON.stringify(resultOf(tool.content, 'c2')?.content)).toContain('keep my notes');
    expect(resultOf(tool.content, 'c4')).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'paid' }],
      approval: { status: 'approved' },
    });
    expect(resultOf(tool.content, 'c1')).toMatchObject({ content: [{ text: 'a.txt b.txt' }] });
    expect(resumed.messages).toHaveLength(stopped.messages.length + 1);
  });

  it('reads the held calls from `messages` too, when the whole history is passed that way', async () => {
    const { ran, tools } = fileTools();
    const model = scriptedModel([turn, textResponse('ok')]);
    const stopped = await runAgent({ model, tools, messages: [userMessage('clean up')] });
    ran.length = 0;
    const resumed = await runAgent({
      model,
      tools,
      messages: stopped.messages,
      approvals: [
        { approvalId: 'c2', approved: true },
        { approvalId: 'c4', approved: false },
      ],
    });
    expect(resumed.finishReason).toBe('stop');
    expect(ran).toEqual(['delete ~/notes.txt']);
  });

  it('rejects decisions that do not match the held calls before any model call', async () => {
    const { tools } = fileTools();
    const model = scriptedModel([turn]);
    const stopped = await runAgent({ model, tools, messages: [userMessage('clean up')] });
    const resume = (approvals: { approvalId: string; approved: boolean }[]) =>
      runAgent({ model, tools, history: stopped.messages, approvals });

    await expect(resume([{ approvalId: 'c2', approved: true }])).rejects.toThrow(/got none on \[c4\]/);
    await expect(
      resume([
        { approvalId: 'c2', approved: true },
        { approvalId: 'c4', approved: true },
        { approvalId: 'c1', approved: true },
      ]),
    ).rejects.toThrow(/got one on "c1"/);
    await expect(
      resume([
        { approvalId: 'c2', approved: true },
        { approvalId: 'c2', approved: false },
      ]),
    ).rejects.toThrow(InvalidRequestError);
    await expect(
      runAgent({
        model,
        tools,
        history: stopped.messages,
        approvals: [{ approvalId: 'c2', approved: 'yes' } as never, { approvalId: 'c4', approved: true }],
      }),
    ).rejects.toThrow(/approvals\[0\].*approved/);
    expect(model.requests).toHaveLength(1);
  });

  it('holds a call whose predicate throws: when in doubt, ask', async () => {
    const risky = defineTool({
      name: 'risky',
      description: 'x',
      input: z.object({}),
      needsApproval: () => {
        throw new Error('policy service down');
      },
      execute: () => 'ran',
    });
    const result = await runAgent({
      model: scriptedModel([toolCallResponse([{ id: 'r1', name: 'risky' }])]),
      tools: [risky],
      messages: [userMessage('go')],
    });
    expect(result.finishReason).toBe('approval-requested');
    expect(result.pendingApprovals?.map((call) => call.id)).toEqual(['r1']);
  });

  it('streams the approval request and ends the stream with approval-requested', async () => {
    const { tools } = fileTools();
    const events: AgentEvent[] = [];
    for await (const event of streamAgent({
      model: scriptedModel([turn]),
      tools,
      messages: [userMessage('clean up')],
    })) {
      events.push(event);
    }
    const requests = events.flatMap((event) => (event.type === 'tool-approval-request' ? [event.toolCall.id] : []));
    expect(requests).toEqual(['c2', 'c4']);
    const last = events.at(-1);
    expect(last?.type === 'finish' && last.result.finishReason).toBe('approval-requested');
  });

  it('holds a provider-run call awaiting approval (OpenAI mcp_approval_request) and answers it with the decision', async () => {
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
          },
        ],
      },
      finishReason: 'stop',
      rawFinishReason: 'completed',
      usage: { inputTokens: 10, outputTokens: 5 },
      warnings: [],
    };
    const model = scriptedModel([request, textResponse('You rolled 6.')]);
    const stopped = await runAgent({ model, messages: [userMessage('roll 2d4+1')] });
    expect(stopped.finishReason).toBe('approval-requested');
    expect(findHistoryProblems(stopped.messages)).toEqual([]);

    const resumed = await runAgent({
      model,
      history: stopped.messages,
      approvals: [{ approvalId: 'mcpr_1', approved: true }],
    });
    expect(resumed.text).toBe('You rolled 6.');
    const tool = model.requests[1]?.messages.at(-1);
    expect(tool).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'mcpr_1',
          toolName: 'roll',
          content: [{ type: 'text', text: 'Approved.' }],
          isError: false,
          approval: { approvalId: 'mcpr_1', status: 'approved' },
        },
      ],
    });
  });
});

describe('tool approval in a conversation', () => {
  it('approves through the conversation, and a new message instead denies what was pending', async () => {
    const { ran, tools } = fileTools();
    const model = scriptedModel([
      toolCallResponse([{ id: 'p1', name: 'pay', args: { amount: 5 } }]),
      textResponse('Paid.'),
      toolCallResponse([{ id: 'p2', name: 'pay', args: { amount: 500 } }]),
      textResponse('OK, I will not pay.'),
    ]);
    const chat = createConversation({ model, tools });
    expect((await chat.send('pay 5')).finishReason).toBe('approval-requested');
    expect(chat.pendingApprovals.map((call) => call.id)).toEqual(['p1']);
    expect((await chat.approve([{ approvalId: 'p1', approved: true }])).text).toBe('Paid.');
    expect(chat.pendingApprovals).toEqual([]);
    expect(ran).toEqual(['pay 5']);

    await chat.send('pay 500');
    expect(chat.pendingApprovals.map((call) => call.id)).toEqual(['p2']);
    const moved = await chat.send('actually, never mind');
    expect(moved.text).toBe('OK, I will not pay.');
    expect(ran).toEqual(['pay 5']);
    const sent = model.requests[3]?.messages ?? [];
    expect(findHistoryProblems(sent)).toEqual([]);
    const denied = sent.at(-2);
    expect(denied?.role === 'tool' && denied.content[0]?.approval).toEqual({
      approvalId: 'p2',
      status: 'denied',
      reason: 'The user sent a new message instead of deciding.',
    });
    expect(sent.at(-1)).toEqual(userMessage('actually, never mind'));
  });
});
