import type { ChatModel, ChatRequest, Cost, ModelResponse, ToolCall, Usage } from '@interlingua/core';
import {
  captureContentByDefault,
  chatContentAttributes,
  chatRequestAttributes,
  chatResponseAttributes,
  errorTypeOf,
  genAiProviderName,
  startTelemetrySpan,
  type TelemetrySpan,
  usageAttributes,
} from '@interlingua/core/adapter';
import type { ToolCallOutcome } from '../agent-result';
import type { AgentTool } from '../agent-tool';

/** How a run reports itself to OpenTelemetry (through `@opentelemetry/api` when it is installed). */
export type AgentTelemetryOptions = {
  /**
   * Put message contents, tool arguments and tool results on the spans (`gen_ai.input.messages`,
   * `gen_ai.output.messages`, `gen_ai.tool.call.arguments`, …). Off unless this is `true` or
   * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`: they may hold personal data.
   */
  recordContent?: boolean;
  /** `gen_ai.agent.name`, and the span name `invoke_agent {name}`. */
  agentName?: string;
};

const SCOPE = '@interlingua/agent';

/** Whether content goes on this run's spans. */
export function recordsContent(options: AgentTelemetryOptions | undefined): boolean {
  return options?.recordContent ?? captureContentByDefault();
}

/** The run's `invoke_agent` span, parent of its model and tool spans. */
export function startRunSpan(model: ChatModel, options: AgentTelemetryOptions | undefined): TelemetrySpan {
  const name = options?.agentName;
  return startTelemetrySpan(name === undefined ? 'invoke_agent' : `invoke_agent ${name}`, {
    kind: 'internal',
    scope: SCOPE,
    attributes: {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': genAiProviderName(model.provider),
      'gen_ai.request.model': model.modelId,
      'gen_ai.agent.name': name,
    },
  });
}

/** Ends the run span with the run's totals; a run that ended in `error` marks it failed. */
export function endRunSpan(
  span: TelemetrySpan,
  result: { finishReason: string; usage: Usage; cost: Cost | 'unknown'; steps: readonly unknown[]; error?: unknown },
): void {
  if (span.recording) {
    span.set({
      'gen_ai.response.finish_reasons': [result.finishReason],
      ...usageAttributes(result.usage),
      'interlingua.agent.steps': result.steps.length,
      'interlingua.cost.usd': result.cost === 'unknown' ? undefined : result.cost.total,
    });
    if (result.finishReason === 'error') span.fail(result.error, errorTypeOf(result.error));
  }
  span.end();
}

/** The `chat {model}` span of one model call. */
export function startModelSpan(
  run: TelemetrySpan,
  model: ChatModel,
  request: ChatRequest,
  stream: boolean,
): TelemetrySpan {
  return startTelemetrySpan(`chat ${model.modelId}`, {
    kind: 'client',
    scope: SCOPE,
    parent: run,
    attributes: chatRequestAttributes(request, model, stream),
  });
}

/** Ends a model span with the response (or the failure), contents only when opted in. */
export function endModelSpan(
  span: TelemetrySpan,
  request: ChatRequest,
  outcome: { response: ModelResponse } | { error: unknown },
  content: boolean,
): void {
  if (span.recording) {
    if ('response' in outcome) {
      span.set(chatResponseAttributes(outcome.response));
      if (content) span.set(chatContentAttributes(request, outcome.response));
      if (outcome.response.finishReason === 'error') span.fail('The model ended its answer with an error.', 'error');
    } else {
      if (content) span.set(chatContentAttributes(request));
      span.fail(outcome.error, errorTypeOf(outcome.error));
    }
  }
  span.end();
}

/** The `execute_tool {name}` span of one tool call. */
export function startToolSpan(run: TelemetrySpan, call: ToolCall, tool: AgentTool | undefined, content: boolean) {
  const span = startTelemetrySpan(`execute_tool ${call.name}`, {
    kind: 'internal',
    scope: SCOPE,
    parent: run,
    attributes: {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': call.name,
      'gen_ai.tool.call.id': call.id,
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': tool?.description,
    },
  });
  if (content && span.recording) span.set({ 'gen_ai.tool.call.arguments': call.argsText ?? JSON.stringify(call.args) });
  return span;
}

/** Ends a tool span: an error result marks it failed, `error.type` the reason's code (`NO_SUCH_TOOL`, `INVALID_TOOL_ARGUMENTS`, `TOOL_EXECUTION_ERROR`, `ABORTED`). */
export function endToolSpan(span: TelemetrySpan, outcome: ToolCallOutcome, content: boolean): void {
  if (span.recording) {
    if (content && !outcome.result.isError) {
      span.set({
        'gen_ai.tool.call.result': outcome.result.content
          .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
          .join('\n'),
      });
    }
    if (outcome.result.isError) {
      span.fail(outcome.error ?? 'The tool returned an error result.', outcome.error?.code ?? 'tool_error');
    }
  }
  span.end();
}
