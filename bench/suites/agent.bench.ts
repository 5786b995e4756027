import { type AgentTool, runAgent, userMessage } from '@interlingua/agent';
import { createOpenAI, openaiCodec } from '@interlingua/openai';
import { textResponse, toolCallResponse } from '@interlingua/testkit';
import { importAdapterSDK } from '../method/import-adapter-sdk';
import { measurePaired, type PairedCell } from '../method/measure-paired';
import { reportPaired } from '../method/report-paired';
import type { OpenAISDK } from '../providers/openai-kit';
import { REALISTIC_TOOLS } from '../workloads/realistic-tools';

type OpenAIToolCall = { id: string; function: { name: string; arguments: string } };
type OpenAICompletion = { choices: { message: { tool_calls?: OpenAIToolCall[] | null } }[] };

/** Model calls per run: three that call a tool, then the answer. */
export const AGENT_STEPS = 4;
const MODEL = 'gpt-4.1';
const encoder = new TextEncoder();

// The replies of one run, step by step, as Chat Completions bodies.
const replies = Array.from({ length: AGENT_STEPS }, (_, step) =>
  encoder.encode(
    JSON.stringify(
      openaiCodec.encodeResponse(
        step < AGENT_STEPS - 1
          ? toolCallResponse([{ id: `call_${step}`, name: 'get_weather', args: { city: '北京', unit: 'celsius' } }])
          : textResponse('北京今天晴，25°C。'),
      ).value,
    ),
  ),
);

const weather = (input: unknown) => `${(input as { city: string }).city}：晴，25°C`;

/**
 * An in-process `fetch` answering the run's `AGENT_STEPS` calls in turn: `reset()` before each run
 * (the runs of a batch are sequential).
 */
function scriptedFetch(): { fetch: typeof fetch; reset(): void } {
  let step = 0;
  return {
    reset: () => {
      step = 0;
    },
    fetch: async () =>
      new Response(replies[Math.min(step++, AGENT_STEPS - 1)], { headers: { 'content-type': 'application/json' } }),
  };
}

/** The agent-loop cells: `runAgent` on the adapter against the loop a developer writes on the bare SDK. */
export async function agentCells(): Promise<{ cells: PairedCell[]; sides: Record<string, () => Promise<unknown>> }> {
  const { OpenAI } = await importAdapterSDK<OpenAISDK<OpenAICompletion>>('openai', 'openai');
  const cells: PairedCell[] = [];
  const sides: Record<string, () => Promise<unknown>> = {};
  for (const count of [1, 20]) {
    const definitions = REALISTIC_TOOLS.slice(0, count);
    // `trusted`: the arguments are not validated against the schema, as the hand-written loop does not.
    const tools: AgentTool[] = definitions.map((tool) => ({ ...tool, execute: weather, trusted: true }));
    const nativeTools = definitions.map((tool) => ({
      type: 'function' as const,
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
    const script = scriptedFetch();
    const settings = { apiKey: 'sk-bench', baseURL: 'http://bench.invalid/v1', maxRetries: 0, fetch: script.fetch };
    const client = new OpenAI(settings);
    const model = createOpenAI(settings)(MODEL);
    const question = '北京今天天气怎么样？';

    // What the OpenAI docs' function-calling loop does: send, run each call, append, repeat.
    const sdk = async () => {
      script.reset();
      const messages: unknown[] = [{ role: 'user', content: question }];
      for (let step = 0; step < 10; step++) {
        const completion = await client.chat.completions.create({ model: MODEL, messages, tools: nativeTools });
        const message = completion.choices[0]?.message;
        messages.push(message);
        const calls = message?.tool_calls ?? [];
        if (calls.length === 0) return messages.length;
        for (const call of calls) {
          const output = await weather(JSON.parse(call.function.arguments));
          messages.push({ role: 'tool', tool_call_id: call.id, content: output });
        }
      }
      return messages.length;
    };
    const subject = async () => {
      script.reset();
      return (await runAgent({ model, tools, messages: [userMessage(question)] })).messages.length;
    };
    sides[`sdk-${count}`] = sdk;
    sides[`subject-${count}`] = subject;
    cells.push({
      name: `agent loop, ${AGENT_STEPS} steps, ${count} tool${count === 1 ? '' : 's'} (ratio per step)`,
      sdk,
      subject,
      sdkGoal: 1.05,
    });
  }
  return { cells, sides };
}

export async function run(): Promise<void> {
  reportPaired(
    'agent (runAgent on @interlingua/openai vs a loop on the openai SDK)',
    await measurePaired((await agentCells()).cells),
  );
}
