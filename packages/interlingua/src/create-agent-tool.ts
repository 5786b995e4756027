import { type AgentOptions, runAgent, userMessage } from '@interlingua/agent';
import type { ChatModel } from '@interlingua/core';
import type { McpServedTool } from '@interlingua/mcp-bridge';

/** Options of {@link createAgentTool}. */
export type AgentToolOptions = {
  /** The model that runs the task. */
  model: ChatModel;
  /** The tools it may use: a list, or a function read at each step (e.g. `() => bridge.tools()`). */
  tools?: AgentOptions['tools'];
  /** The agent's system prompt. */
  system?: string;
  /** The MCP tool's name. Default `agent`. */
  name?: string;
  /** The MCP tool's description, which the calling host's model reads. */
  description?: string;
  /** Model calls per task. Default 10. */
  maxSteps?: number;
};

/**
 * An agent as one MCP tool: `tools/call` with `{ task }` runs `runAgent` (the model, its tools,
 * the system prompt) and answers with the final text, plus `structuredContent` with the finish
 * reason, the steps and the usage. A run that ends in an error, or at `maxSteps`, is an `isError`
 * result saying so; each step is a progress notification when the client asked for progress; the
 * client's cancellation aborts the run. Serve it with `createMcpAggregatorServer(bridge, { tools })`
 * (`interlingua mcp serve --agent <model>`), so a host can delegate a task to a model that uses
 * its own tools.
 *
 * @example
 * ```ts
 * const bridge = await McpBridge.fromConfig('./mcp.json');
 * const agent = createAgentTool({ model: model('anthropic:claude-sonnet-4-6'), tools: () => bridge.tools() });
 * const { server } = createMcpAggregatorServer(bridge, { tools: [agent] });
 * ```
 */
export function createAgentTool(options: AgentToolOptions): McpServedTool {
  const maxSteps = options.maxSteps ?? 10;
  return {
    definition: {
      name: options.name ?? 'agent',
      description:
        options.description ??
        `Hands a task to ${options.model.provider}:${options.model.modelId}, which works on it with its own tools and answers with the result.`,
      inputSchema: {
        type: 'object',
        properties: { task: { type: 'string', description: 'What to do, in full: the agent sees nothing else.' } },
        required: ['task'],
      },
    },
    async call(args, { signal, sendProgress }) {
      const task = args.task;
      if (typeof task !== 'string' || task.trim() === '') {
        return { content: [{ type: 'text', text: 'Expected `task` to be a non-empty string.' }], isError: true };
      }
      const result = await runAgent({
        model: options.model,
        ...(options.tools === undefined ? {} : { tools: options.tools }),
        ...(options.system === undefined ? {} : { system: options.system }),
        messages: [userMessage(task)],
        maxSteps,
        signal,
        ...(sendProgress === undefined
          ? {}
          : {
              onEvent: (event) => {
                if (event.type === 'step-finish') {
                  void sendProgress({
                    progress: event.step.index + 1,
                    total: maxSteps,
                    message: `step ${event.step.index + 1}`,
                  }).catch(() => {});
                }
              },
            }),
      });
      const failed = result.finishReason === 'error' || result.finishReason === 'max_steps';
      const reason =
        result.finishReason === 'error'
          ? `The agent failed: ${result.error instanceof Error ? result.error.message : String(result.error)}`
          : `The agent stopped after ${maxSteps} steps without finishing.`;
      return {
        content: [
          { type: 'text', text: failed ? `${reason}${result.text === '' ? '' : `\n${result.text}`}` : result.text },
        ],
        structuredContent: {
          finishReason: result.finishReason,
          steps: result.steps.length,
          toolCalls: result.steps.reduce((count, step) => count + step.toolOutcomes.length, 0),
          usage: result.usage,
        },
        ...(failed ? { isError: true } : {}),
      };
    },
  };
}
