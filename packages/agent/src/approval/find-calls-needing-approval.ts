import type { Message, ToolCall } from '@interlingua/core';
import type { AgentTool } from '../agent-tool';
import { validateToolArguments } from '../validate-tool-arguments';

/**
 * The ids of the calls of one turn that wait for a person's decision: a provider's own approval
 * request (`approval.providerExecuted`), and calls of a tool whose `needsApproval` is `true` or
 * whose predicate says so for the call's validated arguments. A call that would fail anyway (an
 * unknown tool, arguments that do not parse or validate) is not held: it runs nothing, and its
 * error result lets the model retry. A predicate that throws holds the call: when in doubt, ask.
 */
export async function findCallsNeedingApproval(
  calls: readonly ToolCall[],
  tools: ReadonlyMap<string, AgentTool>,
  messages: readonly Message[],
): Promise<Set<string>> {
  const held = new Set<string>();
  await Promise.all(
    calls.map(async (call) => {
      if (call.approval?.providerExecuted === true) {
        held.add(call.id);
        return;
      }
      const tool = tools.get(call.name);
      const setting = tool?.needsApproval;
      if (tool === undefined || setting === undefined || setting === false || call.argsError !== undefined) return;
      let validation: ReturnType<typeof validateToolArguments>;
      try {
        validation = validateToolArguments(tool, call.args);
      } catch {
        return;
      }
      if (!validation.success) return;
      if (setting === true) {
        held.add(call.id);
        return;
      }
      try {
        if (await setting(validation.value as never, { toolCallId: call.id, messages })) held.add(call.id);
      } catch {
        held.add(call.id);
      }
    }),
  );
  return held;
}
