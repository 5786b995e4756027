import {
  type AssistantMessage,
  type CallOptions,
  type ChatRequest,
  type Cost,
  collectStream,
  InterlinguaError,
  InvalidResponseError,
  type Message,
  type ModelResponse,
  type ToolCall,
  ToolExecutionError,
  type Usage,
  type Warning,
} from '@interlingua/core';
import { addCosts, computeCost, errorTypeOf, type TelemetrySpan, ZERO_COST } from '@interlingua/core/adapter';
import { addUsage } from './add-usage';
import { AgentAbortedError } from './agent-aborted-error';
import { forward, shapeHistory } from './agent-loop-steps';
import { indexTools, type ResolvedAgentOptions } from './agent-options';
import type { AgentFinishReason, AgentResult, AgentStep, ToolCallOutcome } from './agent-result';
import type { AgentTool } from './agent-tool';
import { findCallsNeedingApproval } from './approval/find-calls-needing-approval';
import { holdForApproval } from './approval/hold-for-approval';
import { resumeApprovals } from './approval/resume-approvals';
import { offerTools } from './deferred/local-tool-search';
import { answer, type ExecuteToolCallsOptions, executeToolCalls } from './execute-tool-calls';
import { noObject, repairRequest } from './object/generate-object';
import { parseObjectText } from './object/object-schema';
import { endModelSpan, endRunSpan, recordsContent, startModelSpan, startRunSpan } from './telemetry/agent-telemetry';
import { callIdsOf, withUniqueCallIds } from './unique-call-ids';

type LoopState = {
  options: ResolvedAgentOptions;
  steps: AgentStep[];
  inputTokensPerStep: number[];
  warnings: Warning[];
  warningKeys: Set<string>;
  usage: Usage;
  cost: Cost | 'unknown';
  last: ModelResponse | undefined;
  span: TelemetrySpan;
  recordContent: boolean;
  /** The final answer, parsed and validated against `output`. */
  output: unknown;
  /** Re-asks left for a final answer that does not match `output`. */
  outputRepairs: number;
  /** The ids of every call in the history, kept as it grows: a new turn is checked against them alone. */
  callIds: Set<string>;
  /** The calls the last turn holds for a person's decision. */
  pendingApprovals: ToolCall[];
  /** The calls decided on resume, answered before the first model call. */
  approvalOutcomes: ToolCallOutcome[] | undefined;
};

/**
 * The tool loop shared by `runAgent` (`generate`) and `streamAgent` (`stream`): call the
 * model, then let `finishReason` alone decide what happens next. The run is one
 * `invoke_agent` span, its model calls and tool calls its children.
 */
export async function runAgentLoop(options: ResolvedAgentOptions, mode: 'generate' | 'stream'): Promise<AgentResult> {
  const span = startRunSpan(options.model, options.telemetry);
  try {
    const result = await span.run(() => loop(options, mode, span));
    endRunSpan(span, result);
    return result;
  } catch (error) {
    span.fail(error, errorTypeOf(error));
    span.end();
    throw error;
  }
}

async function loop(
  options: ResolvedAgentOptions,
  mode: 'generate' | 'stream',
  span: TelemetrySpan,
): Promise<AgentResult> {
  const { model, history, signal, onEvent } = options;
  const emit = onEvent ?? noop;
  const listening = onEvent !== undefined;
  const state: LoopState = {
    options,
    steps: [],
    inputTokensPerStep: [],
    warnings: [],
    warningKeys: new Set(),
    usage: { inputTokens: 0, outputTokens: 0 },
    cost: ZERO_COST,
    last: undefined,
    span,
    recordContent: recordsContent(options.telemetry),
    output: undefined,
    outputRepairs: options.outputRepairs,
    callIds: callIdsOf(history),
    pendingApprovals: [],
    approvalOutcomes: undefined,
  };
  const { steps, inputTokensPerStep } = state;
  const callOptions: CallOptions = {
    ...(signal === undefined ? {} : { signal }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  };
  // The same on every call of the run.
  const responseFormat =
    options.output === undefined
      ? undefined
      : { type: 'json' as const, schema: options.output.jsonSchema, name: 'output' };

  const execution = (
    step: number,
    tools: ReadonlyMap<string, AgentTool> = options.tools.byName,
  ): Omit<ExecuteToolCallsOptions, 'messages' | 'truncated'> => ({
    tools,
    concurrency: options.toolConcurrency,
    timeout: options.toolTimeout,
    signal,
    onStart: listening ? (toolCall) => emit({ type: 'tool-call', step, toolCall }) : noop,
    onOutcome: listening ? (outcome) => emit({ type: 'tool-result', step, ...outcome }) : noop,
    span,
    recordContent: state.recordContent,
    repair: options.repairToolCall,
  });
  if (options.approvals !== undefined) {
    try {
      if (options.toolSource !== undefined) options.tools = indexTools(await options.toolSource());
    } catch (error) {
      return finish(state, 'error', error);
    }
    const offered = offerTools(options.tools, history, options.toolSearch);
    state.approvalOutcomes = await resumeApprovals(history, options.approvals, execution(-1, offered.byName));
    if (signal?.aborted) throw aborted(state, 'The run was aborted while it ran the approved calls.', signal.reason);
  }

  for (let index = 0; ; index++) {
    if (index === options.maxSteps) return finish(state, 'max_steps');
    if (signal?.aborted) {
      throw aborted(state, `The run was aborted before step ${index + 1}; ${describeSteps(steps)}.`, signal.reason);
    }
    if (options.toolSource !== undefined) {
      try {
        options.tools = indexTools(await options.toolSource());
      } catch (error) {
        // Like a failed model call: report it with the history kept, rather than lose the run.
        state.last = undefined;
        return finish(state, 'error', error);
      }
    }
    let sent: Message[];
    try {
      sent = shapeHistory(options, index);
    } catch (error) {
      // A strategy that breaks the history (or throws) is reported like a failed call: the run so far is kept.
      state.last = undefined;
      return finish(state, 'error', error);
    }
    if (listening) emit({ type: 'step-start', step: index, messages: sent });
    const request: ChatRequest = { messages: sent };
    if (options.system !== undefined) request.system = options.system;
    if (options.systemParts !== undefined) request.systemParts = options.systemParts;
    // Deferred tools: all of them marked for the provider's search, or the found ones and the local search.
    const offered = offerTools(options.tools, history, options.toolSearch);
    if (offered.data.length > 0) request.tools = offered.data;
    if (options.settings !== undefined) Object.assign(request, options.settings);
    if (responseFormat !== undefined) request.responseFormat = responseFormat;
    let response: ModelResponse;
    const modelSpan = startModelSpan(span, model, request, mode === 'stream');
    // The tokens a failed stream had already billed (its `error` event's usage).
    const failure: { usage?: Usage } = {};
    try {
      response = await modelSpan.run(() =>
        mode === 'generate'
          ? model.generate(request, callOptions)
          : collectStream(forward(model.stream(request, callOptions), emit, failure)),
      );
      endModelSpan(modelSpan, request, { response }, state.recordContent);
    } catch (error) {
      endModelSpan(modelSpan, request, { error }, state.recordContent);
      // Tokens a failed stream had billed count (and cost) though the call makes no step.
      const billed = failure.usage ?? (InterlinguaError.isInstance(error) ? error.usage : undefined);
      if (billed !== undefined) {
        state.usage = addUsage(state.usage, billed);
        state.cost = addCosts(state.cost, computeCost(billed, model.pricing));
      }
      if (signal?.aborted) {
        throw aborted(
          state,
          `The run was aborted during the model call of step ${index + 1}; ${describeSteps(steps)}.`,
          error,
        );
      }
      // The failed call has no answer: the result describes the run, not an earlier step.
      state.last = undefined;
      return finish(state, 'error', error);
    }
    const unique = withUniqueCallIds(response.message, state.callIds);
    if (unique.warnings.length > 0) {
      response = { ...response, message: unique.message, warnings: [...response.warnings, ...unique.warnings] };
    }
    state.last = response;
    history.push(response.message);
    state.usage = addUsage(state.usage, response.usage);
    const cost = computeCost(response.usage, model.pricing);
    state.cost = addCosts(state.cost, cost);
    inputTokensPerStep.push(response.usage.inputTokens);
    // The run's list says each thing once (an emulated model warns on every call); each step keeps its own.
    for (const warning of response.warnings) {
      const key = `${warning.type}\u0000${warning.feature}\u0000${warning.message}`;
      if (state.warningKeys.has(key)) continue;
      state.warningKeys.add(key);
      state.warnings.push(warning);
    }

    const calls = toolCallsOf(response.message);
    const step: AgentStep = { index, response, toolOutcomes: [], usage: response.usage, cost };
    const reason = response.finishReason;
    let next: AgentFinishReason | 'continue';
    let ranTools = false;
    switch (reason) {
      case 'tool_calls':
      case 'length':
      // Anthropic's pause_turn: the paused turn goes back as is and the server goes on. A client
      // tool call in it (not expected) is run like any other, so the history stays valid.
      case 'pause':
        if (calls.length > 0) {
          const held = await findCallsNeedingApproval(calls, offered.byName, history);
          const runnable = held.size === 0 ? calls : calls.filter((call) => !held.has(call.id));
          const ran = await executeToolCalls(runnable, {
            ...execution(index, offered.byName),
            messages: history.slice(),
            truncated: reason === 'length',
          });
          step.toolOutcomes = held.size === 0 ? ran : hold(state, calls, held, ran, index);
          if (step.toolOutcomes.some((outcome) => outcome.repair !== undefined)) recordRepairs(state, step);
          history.push({ role: 'tool', content: step.toolOutcomes.map((outcome) => outcome.result) });
          ranTools = true;
          next = held.size === 0 ? 'continue' : 'approval-requested';
        } else next = reason === 'pause' ? 'continue' : reason === 'length' ? 'length' : 'other';
        break;
      case 'stop':
      case 'content_filter':
      case 'refusal':
      case 'error':
      case 'other':
        next = reason;
        if (calls.length > 0) {
          // A call the loop will not run still needs a result, or the history could not be sent again.
          // A provider's own approval request (its turn ends there) waits for the decision instead.
          const held = new Set(calls.flatMap((call) => (call.approval?.providerExecuted === true ? [call.id] : [])));
          const unheld = calls.filter((call) => !held.has(call.id)).map((call) => notRun(call, reason));
          step.toolOutcomes = held.size === 0 ? unheld : hold(state, calls, held, unheld, index);
          if (held.size > 0 && (reason === 'stop' || reason === 'other')) next = 'approval-requested';
          history.push({ role: 'tool', content: step.toolOutcomes.map((outcome) => outcome.result) });
        }
        break;
      default: {
        const exhaustive: never = reason;
        throw new InvalidResponseError({
          message: `Expected a known finish reason, got ${JSON.stringify(exhaustive)}.`,
        });
      }
    }
    steps.push(step);
    if (ranTools && signal?.aborted) {
      const done = step.toolOutcomes.filter((outcome) => outcome.error?.code !== 'ABORTED');
      throw aborted(
        state,
        `The run was aborted during the tools of step ${index + 1}: ${done.length} of ${calls.length} calls completed` +
          `${done.length === 0 ? '' : ` (${done.map((outcome) => outcome.toolCall.name).join(', ')})`}; the others are answered as cancelled.`,
        signal.reason,
      );
    }
    if (listening) {
      emit({ type: 'step-finish', step, usage: state.usage, inputTokensPerStep: inputTokensPerStep.slice() });
    }
    if (next === 'stop' && options.output !== undefined) {
      const parsed = parseObjectText(textOf(response.message), options.output);
      if (parsed.success) state.output = parsed.value;
      else if (state.outputRepairs > 0 && index + 1 < options.maxSteps) {
        // The answer goes back with what was wrong, as generateObject re-asks.
        state.outputRepairs--;
        const retry = repairRequest(request, response, parsed.issues).messages.at(-1);
        if (retry !== undefined) history.push(retry);
        continue;
      } else return finish(state, 'error', noObject(response, parsed.issues, state.usage, state.steps.length));
    }
    if (next !== 'continue') return finish(state, next);
  }
}

function hold(
  state: LoopState,
  calls: readonly ToolCall[],
  held: ReadonlySet<string>,
  others: readonly ToolCallOutcome[],
  step: number,
): ToolCallOutcome[] {
  const { outcomes, pending } = holdForApproval(state.options.history, calls, held, others, (toolCall) =>
    state.options.onEvent?.({ type: 'tool-approval-request', step, toolCall }),
  );
  state.pendingApprovals = pending;
  return outcomes;
}

/** Puts the repaired calls into the history's assistant turn, and warns once per run. */
function recordRepairs(state: LoopState, step: AgentStep): void {
  const { history } = state.options;
  const turn = history.at(-1);
  if (turn?.role === 'assistant') {
    const fixed = new Map(
      step.toolOutcomes.flatMap((outcome) =>
        outcome.repair === undefined ? [] : [[outcome.toolCall.id, outcome.toolCall]],
      ),
    );
    history[history.length - 1] = {
      role: 'assistant',
      content: turn.content.map((part) => (part.type === 'tool-call' ? (fixed.get(part.id) ?? part) : part)),
    };
  }
  const warning: Warning = {
    type: 'other',
    feature: 'repairToolCall',
    message:
      'repairToolCall fixed tool calls the model sent malformed before they ran; each repair is on its step (toolOutcomes[].repair).',
  };
  const key = `${warning.type}\u0000${warning.feature}\u0000${warning.message}`;
  if (!state.warningKeys.has(key)) {
    state.warningKeys.add(key);
    state.warnings.push(warning);
  }
}

function finish(state: LoopState, finishReason: AgentFinishReason, error?: unknown): AgentResult {
  const { options, last } = state;
  const result: AgentResult = {
    finishReason,
    rawFinishReason: last?.rawFinishReason ?? null,
    text: last === undefined ? '' : textOf(last.message),
    messages: options.history,
    newMessages: options.history.slice(options.inputLength),
    steps: state.steps,
    usage: state.usage,
    cost: state.cost,
    inputTokensPerStep: state.inputTokensPerStep,
    warnings: state.warnings,
    ...(error === undefined ? {} : { error }),
    ...(state.output === undefined ? {} : { output: state.output }),
    ...(finishReason === 'approval-requested' ? { pendingApprovals: state.pendingApprovals } : {}),
    ...(state.approvalOutcomes === undefined ? {} : { approvalOutcomes: state.approvalOutcomes }),
  };
  options.onEvent?.({ type: 'finish', result });
  return result;
}

function aborted(state: LoopState, message: string, cause: unknown): AgentAbortedError {
  return new AgentAbortedError({
    message,
    cause,
    messages: state.options.history,
    steps: state.steps,
    usage: state.usage,
  });
}

function notRun(call: ToolCall, reason: string): ToolCallOutcome {
  const text = `The call was not run: the model ended its turn with finish reason "${reason}".`;
  return answer(call, text, new ToolExecutionError({ message: text }));
}

function toolCallsOf(message: AssistantMessage): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const part of message.content) if (part.type === 'tool-call') calls.push(part);
  return calls;
}

function textOf(message: AssistantMessage): string {
  let text = '';
  for (const part of message.content) if (part.type === 'text') text += part.text;
  return text;
}

function describeSteps(steps: readonly AgentStep[]): string {
  return steps.length === 0
    ? 'no step had completed'
    : `${steps.length} step${steps.length === 1 ? '' : 's'} had completed`;
}

function noop(): void {}
