import type { ChatRequest, Codec, Message } from '@interlingua/core';
import { functionToolsOf } from '@interlingua/core';
import { describe, expect, it } from 'vitest';

const call = (id: string, name: string, approval?: { providerExecuted?: boolean }) => ({
  type: 'tool-call' as const,
  id,
  name,
  args: { path: 'notes/a.txt' },
  ...(approval === undefined ? {} : { approval: { approvalId: id, ...approval } }),
});

/**
 * Histories a codec must encode with every call answered exactly once: an agent run stopped for
 * approval (a placeholder result marked `pending` beside a real one), the same after a denial
 * and an approval, and a provider's own approval request (`providerExecuted`) still open. The
 * approval marks are agent bookkeeping: a codec without a native form sends the calls and
 * results as ordinary ones (see `docs/approval.md`).
 */
export const toolApprovalHistories: { name: string; messages: Message[] }[] = [
  {
    name: 'held for approval',
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Clean up.' }] },
      { role: 'assistant', content: [call('call_list', 'list_files'), call('call_delete', 'delete_file', {})] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_list',
            toolName: 'list_files',
            content: [{ type: 'text', text: 'a.txt' }],
            isError: false,
          },
          {
            type: 'tool-result',
            toolCallId: 'call_delete',
            toolName: 'delete_file',
            content: [{ type: 'text', text: 'Not run yet: this call is waiting for a person to approve it.' }],
            isError: true,
            approval: { approvalId: 'call_delete', status: 'pending' },
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Go on.' }] },
    ],
  },
  {
    name: 'denied with a reason',
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Delete a.txt.' }] },
      { role: 'assistant', content: [call('call_delete', 'delete_file', {})] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_delete',
            toolName: 'delete_file',
            content: [{ type: 'text', text: 'The user denied this call; it was not run. Reason: keep it' }],
            isError: true,
            approval: { approvalId: 'call_delete', status: 'denied', reason: 'keep it' },
          },
        ],
      },
    ],
  },
  {
    name: "a provider's approval request, decided",
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Roll 2d4+1.' }] },
      { role: 'assistant', content: [call('mcpr_1', 'roll', { providerExecuted: true })] },
      {
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
      },
    ],
  },
];

// Every assistant turn's calls answered by the next message, one result each, by name.
function unansweredCalls(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const calls = message.content.flatMap((part) => (part.type === 'tool-call' ? [part.name] : []));
    if (calls.length === 0) return;
    const next = messages[index + 1];
    const results = next?.role === 'tool' ? next.content.map((result) => result.toolName) : [];
    if (results.join() !== calls.join()) problems.push(`messages[${index}]: calls [${calls}] answered by [${results}]`);
  });
  return problems;
}

/**
 * Cases every codec must handle for tool approval and deferred tools (issue 31): registered by
 * `runCodecConformance`, so a custom adapter is told what it must handle.
 */
export function runToolApprovalConformance(codec: Codec<unknown, unknown, unknown>, model: string): void {
  describe('tool approval and deferred tools', () => {
    for (const history of toolApprovalHistories) {
      it(`encodes a history ${history.name} with every call answered once`, () => {
        const encoded = codec.encodeRequest({ messages: history.messages }, { model });
        const decoded = codec.decodeRequest(encoded.value).value.request;
        // A provider's open request may stay unanswered on its own wire; everything else is answered.
        expect(unansweredCalls(decoded.messages)).toEqual([]);
      });
    }

    it('encodes a deferred tool: kept deferred where the format has it, else sent whole', () => {
      const request: ChatRequest = {
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }],
        tools: [
          {
            name: 'get_weather',
            description: 'Weather for a city.',
            inputSchema: { type: 'object' },
            deferLoading: true,
          },
          { name: 'list_files', description: 'List files.', inputSchema: { type: 'object' } },
        ],
      };
      const encoded = codec.encodeRequest(request, { model });
      const tools = functionToolsOf(codec.decodeRequest(encoded.value).value.request.tools);
      expect(tools.map((tool) => tool.name)).toEqual(['get_weather', 'list_files']);
      const kept = tools[0]?.deferLoading === true;
      // Dropping the mark is never silent.
      if (!kept) expect(encoded.warnings.map((warning) => warning.feature)).toContain('tools.deferLoading');
    });
  });
}
