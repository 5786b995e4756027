import {
  type ChatModel,
  type ChatRequest,
  InvalidRequestError,
  InvalidSettingError,
  type Message,
  type MessageInput,
  type TextPart,
  type Tool,
  type ToolApprovalDecision,
  toMessages,
} from '@interlingua/core';
import type { AgentEvent } from './agent-event';
import type { AgentTool } from './agent-tool';
import { type PendingApprovals, readPendingApprovals } from './approval/read-pending-approvals';
import type { ToolSearchMode } from './deferred/tool-search-mode';
import { findHistoryProblems } from './history/find-history-problems';
import { composeHistoryStrategies, type HistoryStrategy } from './history/history-strategy';
import { type ObjectSchema, type PreparedObjectSchema, prepareObjectSchema } from './object/object-schema';
import type { RepairToolCall } from './repair/repair-tool-call';
import type { AgentTelemetryOptions } from './telemetry/agent-telemetry';

/** Request settings sent on every model call of a run. */
export type AgentCallSettings = Pick<
  ChatRequest,
  | 'toolChoice'
  | 'maxOutputTokens'
  | 'temperature'
  | 'topP'
  | 'stopSequences'
  | 'reasoning'
  | 'promptCache'
  | 'toolArgumentStreaming'
  | 'providerOptions'
>;

/** Settings of `runAgent` and `streamAgent`. */
export type AgentOptions = {
  /** Any `ChatModel`: an adapter's, a capability-wrapped one, a scripted one. */
  model: ChatModel;
  /**
   * The tools the model may call; names must be unique. A function is called before every
   * model call, so a changing tool set (an MCP server's `tools/list_changed`) is picked up mid-run.
   */
  tools?: readonly AgentTool[] | (() => readonly AgentTool[] | Promise<readonly AgentTool[]>);
  /**
   * The system prompt: a string, or text blocks where block boundaries or prompt-cache
   * breakpoints matter (`[{ type: 'text', text: rules, cacheBreakpoint: {} }, { type: 'text', text: today }]`),
   * sent as the request's `systemParts` and, joined by newlines, its `system`.
   */
  system?: string | readonly TextPart[];
  /** The conversation so far, e.g. an earlier result's `messages`. */
  history?: readonly MessageInput[];
  /**
   * New messages appended to `history`, typically the user's turn: IR, or `{ role: 'user', content: '…' }`
   * with a plain string (the result's `messages` hold them as IR).
   */
  messages?: readonly MessageInput[];
  /** The most model calls the run makes; default 10. Reaching it ends the run with `max_steps`. */
  maxSteps?: number;
  /** The most tool calls run at once within a turn; default: all of them. */
  toolConcurrency?: number;
  /** Milliseconds each tool call may run before it is cancelled (its signal fires) and answered with an error; default: no limit. */
  toolTimeout?: number;
  /** Cancels the model call and the running tools; the run then throws `AgentAbortedError`. */
  signal?: AbortSignal;
  /** Extra HTTP headers for every model call. */
  headers?: Record<string, string>;
  /** Receives every event of the run, synchronously and in order. */
  onEvent?: (event: AgentEvent) => void;
  /** Shapes the history sent on each model call (the stored history stays whole); an array is composed left to right. */
  historyStrategy?: HistoryStrategy | readonly HistoryStrategy[];
  /** Sampling and provider settings sent on every call. */
  settings?: AgentCallSettings;
  /** OpenTelemetry spans of the run (when `@opentelemetry/api` is installed): the agent's name, message contents opt-in. */
  telemetry?: AgentTelemetryOptions;
  /**
   * Called for a tool call whose arguments do not parse or validate, or that names an unknown
   * tool, before it is answered with an error result: return a fixed call (`repairJson` is a
   * ready one), or nothing for the error result. Each repair is on its outcome (`repair`).
   */
  repairToolCall?: RepairToolCall;
  /**
   * The schema of the final answer (zod 3, zod 4 or JSON Schema object): every model call asks
   * for it (`responseFormat`), and the run's `output` is the last answer parsed and validated.
   * An answer that does not match is re-asked `outputRepairs` times (default 1), then the run
   * ends with `error` (a `NoObjectGeneratedError`).
   */
  output?: ObjectSchema;
  /** How many times a final answer that does not match `output` is re-asked; default 1. */
  outputRepairs?: number;
  /**
   * Decisions on the calls a run held for approval (it ended with `approval-requested`): pass its
   * `messages` as `history` and one decision per `pendingApprovals` entry. Approved calls run,
   * denied ones are answered with an error result carrying the reason, then the run goes on.
   */
  approvals?: readonly ToolApprovalDecision[];
  /**
   * How tools marked `deferLoading` are offered: `provider` sends them all, marked, for the
   * provider's own tool search (Anthropic `defer_loading`); `local` holds them back and offers
   * the agent's `search_tools` over them, adding the tools found to the next step. Default:
   * `provider` for a model whose provider is `anthropic`, else `local`. See `docs/deferred-tools.md`.
   */
  toolSearch?: ToolSearchMode;
};

/** Options after defaults and checks. */
export type ResolvedAgentOptions = {
  model: ChatModel;
  tools: IndexedTools;
  toolSource: (() => readonly AgentTool[] | Promise<readonly AgentTool[]>) | undefined;
  system: string | undefined;
  systemParts: TextPart[] | undefined;
  history: Message[];
  inputLength: number;
  maxSteps: number;
  toolConcurrency: number;
  toolTimeout: number | undefined;
  signal: AbortSignal | undefined;
  headers: Record<string, string> | undefined;
  onEvent: ((event: AgentEvent) => void) | undefined;
  strategy: HistoryStrategy | undefined;
  settings: AgentCallSettings | undefined;
  telemetry: AgentTelemetryOptions | undefined;
  repairToolCall: RepairToolCall | undefined;
  output: PreparedObjectSchema | undefined;
  outputRepairs: number;
  approvals: PendingApprovals | undefined;
  toolSearch: ToolSearchMode;
};

/** Applies defaults and rejects bad settings with `InvalidSettingError`, a bad history with `InvalidRequestError`. */
export function resolveAgentOptions(options: AgentOptions): ResolvedAgentOptions {
  const maxSteps = options.maxSteps ?? 10;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new InvalidSettingError({
      message: `Expected \`maxSteps\` to be a positive integer, got ${String(maxSteps)}.`,
    });
  }
  const toolConcurrency = options.toolConcurrency ?? Number.POSITIVE_INFINITY;
  if (!(toolConcurrency === Number.POSITIVE_INFINITY || (Number.isInteger(toolConcurrency) && toolConcurrency >= 1))) {
    throw new InvalidSettingError({
      message: `Expected \`toolConcurrency\` to be a positive integer or Infinity, got ${String(toolConcurrency)}.`,
    });
  }
  const { toolTimeout } = options;
  if (toolTimeout !== undefined && !(Number.isFinite(toolTimeout) && toolTimeout > 0)) {
    throw new InvalidSettingError({
      message: `Expected \`toolTimeout\` to be a positive number of milliseconds, got ${String(toolTimeout)}.`,
    });
  }
  const source = options.tools;
  const tools = typeof source === 'function' ? indexTools([]) : indexTools(source ?? []);
  const past = toMessages(options.history ?? [], 'history');
  const added = toMessages(options.messages ?? [], 'messages');
  const history = [...past, ...added];
  // The held calls are in the history; a run given its whole history as `messages` is read the same way.
  const approvals = readPendingApprovals(options.history === undefined ? added : past, options.approvals ?? []);
  if (history.length === 0) {
    throw new InvalidRequestError({
      message: 'Expected `messages` or `history` to hold at least one message, got none.',
    });
  }
  const problems = findHistoryProblems(history);
  if (problems.length > 0) {
    throw new InvalidRequestError({ message: `Expected a valid history: ${problems.join(' ')}` });
  }
  const strategy = options.historyStrategy;
  const outputRepairs = options.outputRepairs ?? 1;
  if (!Number.isInteger(outputRepairs) || outputRepairs < 0) {
    throw new InvalidSettingError({
      message: `Expected \`outputRepairs\` to be a non-negative integer, got ${String(outputRepairs)}.`,
    });
  }
  return {
    model: options.model,
    tools,
    toolSource: typeof source === 'function' ? source : undefined,
    ...resolveSystem(options.system),
    history,
    inputLength: options.history?.length ?? 0,
    maxSteps,
    toolConcurrency,
    toolTimeout,
    signal: options.signal,
    headers: options.headers,
    onEvent: options.onEvent,
    strategy:
      strategy === undefined
        ? undefined
        : typeof strategy === 'function'
          ? strategy
          : composeHistoryStrategies(...strategy),
    settings: options.settings,
    telemetry: options.telemetry,
    repairToolCall: options.repairToolCall,
    output: options.output === undefined ? undefined : prepareObjectSchema(options.output, 'output'),
    outputRepairs,
    approvals,
    toolSearch: options.toolSearch ?? (options.model.provider === 'anthropic' ? 'provider' : 'local'),
  };
}

function resolveSystem(system: AgentOptions['system']): Pick<ResolvedAgentOptions, 'system' | 'systemParts'> {
  if (system === undefined || typeof system === 'string') return { system, systemParts: undefined };
  if (!Array.isArray(system)) {
    throw new InvalidSettingError({
      message: `Expected \`system\` to be a string or an array of text parts, got ${typeof system}.`,
    });
  }
  system.forEach((part: unknown, index) => {
    const text = typeof part === 'object' && part !== null ? (part as { type?: unknown; text?: unknown }) : undefined;
    if (text?.type !== 'text' || typeof text.text !== 'string') {
      throw new InvalidSettingError({
        message: `Expected \`system[${index}]\` to be a text part ({ type: 'text', text }), got ${JSON.stringify(part)?.slice(0, 80)}.`,
      });
    }
  });
  const systemParts = system.map((part) => ({ ...part }));
  return { system: systemParts.map((part) => part.text).join('\n'), systemParts };
}

/** Tools by name, and their data as sent to the model. */
export type IndexedTools = { byName: ReadonlyMap<string, AgentTool>; data: Tool[] };

/** Indexes tools by name, rejecting duplicates with `InvalidSettingError`. */
export function indexTools(tools: readonly AgentTool[]): IndexedTools {
  const byName = new Map<string, AgentTool>();
  const data: Tool[] = [];
  for (const tool of tools) {
    if (byName.has(tool.name)) {
      throw new InvalidSettingError({ message: `Expected unique tool names, got "${tool.name}" twice.` });
    }
    byName.set(tool.name, tool);
    // Only the data goes on the wire: functions stay on this side.
    data.push({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      ...(tool.deferLoading === true ? { deferLoading: true } : {}),
    });
  }
  return { byName, data };
}
