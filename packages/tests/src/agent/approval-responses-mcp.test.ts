import { readFileSync } from 'node:fs';
import { runAgent, userMessage } from '@interlingua/agent';
import { createOpenAI } from '@interlingua/openai';
import { json, type ProviderServer, startProviderServer } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// OpenAI's MCP connector asks for approval (issue 31): the official SDK against the testkit
// server, the agent holding the request, and the decision going back as mcp_approval_response.
const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../openai/src/responses/__fixtures__/${name}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer({
    routes: [
      {
        method: 'POST',
        path: '/v1/responses',
        reply: [
          json(fixture('openai-responses-mcp-approval-request.1.json')),
          json(fixture('openai-responses-text.1.json')),
        ],
      },
    ],
  });
});
afterAll(() => server.close());

describe('an MCP approval request from the Responses API', () => {
  it('stops the run, and the approval goes back as mcp_approval_response after its request', async () => {
    const model = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0 }).responses('gpt-4.1');
    const stopped = await runAgent({ model, messages: [userMessage('Roll 2d4+1')] });
    expect(stopped.finishReason).toBe('approval-requested');
    const [pending] = stopped.pendingApprovals ?? [];
    expect(pending).toMatchObject({
      name: 'roll',
      args: { diceRollExpression: '2d4 + 1' },
      approval: { approvalId: 'mcpr_682d498e3bd4819196a0ce1664f8e77b04ad1e533afccbfa', providerExecuted: true },
    });
    // Nothing was sent back while the decision was pending.
    expect(server.requests).toHaveLength(1);

    const resumed = await runAgent({
      model,
      history: stopped.messages,
      approvals: [{ approvalId: pending?.approval?.approvalId ?? '', approved: true }],
    });
    expect(resumed.finishReason).toBe('stop');
    const input = (server.requests[1]?.body as { input: { type?: string }[] } | undefined)?.input ?? [];
    expect(input.map((item) => item.type ?? 'message')).toEqual([
      'message',
      'mcp_approval_request',
      'mcp_approval_response',
    ]);
    expect(input[2]).toEqual({
      type: 'mcp_approval_response',
      approval_request_id: 'mcpr_682d498e3bd4819196a0ce1664f8e77b04ad1e533afccbfa',
      approve: true,
    });
  });
});
