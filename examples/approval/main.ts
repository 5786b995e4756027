/**
 * Tool approval (human in the loop): a tool that waits for a person before it runs.
 *
 *   npx tsx examples/approval/main.ts          # approves
 *   npx tsx examples/approval/main.ts deny     # denies, with a reason the model reads
 *
 * Runs offline: the demo model behind Anthropic's real wire protocol (`startDemoServer`), reached
 * through the official SDK. The run stops with `approval-requested`; the history it returns is valid
 * on every provider as it stands; the run resumes from that history plus the decisions.
 */
import { pathToFileURL } from 'node:url';
import { runAgent, userMessage } from '@interlingua/agent';
import { createAnthropic } from '@interlingua/anthropic';
import { defineTool, type ToolApprovalDecision, type ToolCall } from '@interlingua/core';
import { startDemoServer } from 'interlingua';
import { z } from 'zod';

/** A weather lookup that costs money outside the free cities: those calls need a person's yes. */
export const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  input: z.object({ city: z.string() }),
  needsApproval: ({ city }) => !['北京', 'Paris'].includes(city),
  execute: ({ city }) => (city === '上海' ? '上海：多云，22°C' : `${city}：晴，25°C`),
});

/** Asks about `question`, deciding each held call with `decide`; returns what happened, line by line. */
export async function askWithApproval(
  question: string,
  decide: (call: ToolCall) => ToolApprovalDecision,
): Promise<string[]> {
  const server = await startDemoServer({ provider: 'anthropic' });
  const lines: string[] = [];
  try {
    const model = createAnthropic({ baseURL: server.baseURL, apiKey: 'demo' })('claude-sonnet-4-6');
    const first = await runAgent({ model, tools: [getWeather], messages: [userMessage(question)] });
    if (first.finishReason !== 'approval-requested') {
      lines.push(`Assistant: ${first.text}`);
      return lines;
    }
    const decisions = (first.pendingApprovals ?? []).map((call) => {
      const decision = decide(call);
      lines.push(
        `Approval asked: ${call.name} ${JSON.stringify(call.args)} → ${decision.approved ? 'approved' : `denied (${decision.reason ?? 'no reason'})`}`,
      );
      return decision;
    });
    const resumed = await runAgent({
      model,
      tools: [getWeather],
      history: first.messages,
      approvals: decisions,
    });
    if (resumed.finishReason !== 'stop')
      throw resumed.error ?? new Error(`The run ended with ${resumed.finishReason}.`);
    lines.push(`Assistant: ${resumed.text}`);
    return lines;
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const deny = process.argv[2] === 'deny';
  const lines = await askWithApproval('上海今天天气怎么样？', (call) =>
    deny
      ? { approvalId: call.approval?.approvalId ?? call.id, approved: false, reason: '今天不查了' }
      : { approvalId: call.approval?.approvalId ?? call.id, approved: true },
  );
  for (const line of lines) console.log(line);
}
