import type { ChatRequest, ReasoningEffort, Warning } from '@interlingua/core';
import { DEFAULT_EFFORT_BUDGETS } from '@interlingua/core/adapter';
import type { AnthropicMessagesRequest } from './anthropic-api';

/** The smallest `budget_tokens` the API accepts. */
const MIN_BUDGET = 1024;
/** Tokens left for the answer when `max_tokens` has to be raised above the thinking budget. */
const ANSWER_TOKENS = 4096;

/** Options of {@link applyAnthropicSettings}. */
export type AnthropicSettingsOptions = {
  /** The model id, passed to `effortBudget`. */
  model: string;
  /** The budget for an effort level given alone; {@link DEFAULT_EFFORT_BUDGETS} otherwise. */
  effortBudget?: ((modelId: string, effort: ReasoningEffort) => number | undefined) | undefined;
};

/**
 * Sets `thinking` and `output_config.format` on a Messages body from `reasoning` and
 * `responseFormat`. Thinking is `{ type: 'enabled', budget_tokens }` (`budgetTokens`, else the
 * effort's budget; at least 1,024), or `{ type: 'disabled' }` for a zero budget. `max_tokens`
 * is raised above the budget when it must be, with a warning. A request the API would refuse
 * with thinking on goes without it, with a warning: a forced tool choice, or an open tool
 * exchange whose assistant turn does not start with Anthropic's own signed thinking (another
 * provider answered it); thinking resumes on the next user turn. A temperature other than 1
 * and a `top_p` below 0.95 are left out while thinking.
 *
 * @see https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking
 * @see https://platform.claude.com/docs/en/build-with-claude/structured-outputs
 */
export function applyAnthropicSettings(
  request: ChatRequest,
  body: AnthropicMessagesRequest,
  options: AnthropicSettingsOptions,
  warnings: Warning[],
): void {
  const reasoning = request.reasoning;
  if (reasoning !== undefined) applyThinking(request, body, options, warnings);
  const format = request.responseFormat;
  if (format?.type === 'json') {
    if (format.schema !== undefined) {
      body.output_config = { format: { type: 'json_schema', schema: format.schema } };
    } else {
      // JSON outputs need a schema: ask in the system prompt instead.
      const instruction = 'Answer with a single valid JSON value and nothing else.';
      body.system = appendSystem(body.system, instruction);
      warnings.push({
        type: 'degraded',
        feature: 'responseFormat',
        message: 'Anthropic structured outputs need a schema; JSON without one was asked for in the system prompt.',
      });
    }
  }
}

function applyThinking(
  request: ChatRequest,
  body: AnthropicMessagesRequest,
  options: AnthropicSettingsOptions,
  warnings: Warning[],
): void {
  const reasoning = request.reasoning ?? {};
  if (reasoning.summary === false) {
    warnings.push({
      type: 'unsupported',
      feature: 'reasoning.summary',
      message: 'Anthropic always returns (summarized) thinking; summary: false was not sent.',
    });
  }
  let budget = reasoning.budgetTokens;
  if (budget === undefined && reasoning.effort !== undefined) {
    budget = options.effortBudget?.(options.model, reasoning.effort) ?? DEFAULT_EFFORT_BUDGETS[reasoning.effort];
  }
  if (budget === undefined) return;
  if (budget === 0) {
    body.thinking = { type: 'disabled' };
    return;
  }
  const skip = reasonToSkipThinking(request, body);
  if (skip !== undefined) {
    warnings.push({ type: 'unsupported', feature: 'reasoning', message: skip });
    return;
  }
  if (budget < MIN_BUDGET) {
    warnings.push({
      type: 'degraded',
      feature: 'reasoning.budgetTokens',
      message: `Anthropic takes a thinking budget of at least ${MIN_BUDGET} tokens; ${budget} was raised to ${MIN_BUDGET}.`,
    });
    budget = MIN_BUDGET;
  }
  if (body.max_tokens <= budget) {
    const raised = budget + ANSWER_TOKENS;
    warnings.push({
      type: 'degraded',
      feature: 'maxOutputTokens',
      message: `Anthropic needs max_tokens above the thinking budget (${budget}); max_tokens ${body.max_tokens} was raised to ${raised}.`,
    });
    body.max_tokens = raised;
  }
  body.thinking = { type: 'enabled', budget_tokens: budget };
  if (body.temperature !== undefined && body.temperature !== 1) {
    warnings.push({
      type: 'unsupported',
      feature: 'temperature',
      message: 'Anthropic takes no temperature other than 1 with thinking on; temperature was not sent.',
    });
    delete body.temperature;
  }
  if (body.top_p !== undefined && body.top_p < 0.95) {
    warnings.push({
      type: 'unsupported',
      feature: 'topP',
      message: 'Anthropic takes top_p between 0.95 and 1 with thinking on; topP was not sent.',
    });
    delete body.top_p;
  }
}

/** Why the API would refuse this body with thinking on, or `undefined`. */
function reasonToSkipThinking(request: ChatRequest, body: AnthropicMessagesRequest): string | undefined {
  const choice = body.tool_choice;
  if (choice !== undefined && (choice.type === 'any' || choice.type === 'tool')) {
    return `Anthropic cannot think while a tool call is forced (toolChoice ${JSON.stringify(request.toolChoice)}); the request was sent without thinking.`;
  }
  // An open tool exchange: the last message carries tool results. Its assistant turn must start
  // with a thinking block Anthropic signed, or the API answers 400.
  const last = body.messages.at(-1);
  if (last?.role !== 'user' || typeof last.content === 'string') return undefined;
  if (!last.content.some((block) => block.type === 'tool_result')) return undefined;
  const assistant = body.messages.at(-2);
  if (assistant?.role !== 'assistant') return undefined;
  const first = typeof assistant.content === 'string' ? undefined : assistant.content[0];
  if (first?.type === 'thinking' || first?.type === 'redacted_thinking') return undefined;
  return 'The open tool exchange was not answered with Anthropic thinking (no signed thinking block to replay, e.g. another provider made the calls); it continues without thinking, which resumes on the next user turn.';
}

function appendSystem(
  system: AnthropicMessagesRequest['system'],
  text: string,
): NonNullable<AnthropicMessagesRequest['system']> {
  if (system === undefined || system === '') return text;
  if (typeof system === 'string') return `${system}\n\n${text}`;
  return [...system, { type: 'text', text }];
}
