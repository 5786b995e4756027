import type { ChatRequest, Warning } from '@interlingua/core';
import { effortForBudget } from '@interlingua/core/adapter';
import type { ResponseFormatJSONObject, ResponseFormatJSONSchema, ResponseFormatText } from 'openai/resources/shared';

/** The Chat Completions fields for `reasoning` and `responseFormat`. */
export type OpenAISettingsFields = {
  reasoning_effort?: 'minimal' | 'low' | 'medium' | 'high';
  /** OpenRouter's reasoning object. */
  reasoning?: { effort?: 'minimal' | 'low' | 'medium' | 'high'; max_tokens?: number };
  response_format?: ResponseFormatText | ResponseFormatJSONSchema | ResponseFormatJSONObject;
};

/**
 * Maps `reasoning` to `reasoning_effort` (a budget alone becomes the nearest level, with a
 * warning; `summary` has no Chat Completions field), or per `reasoningField` to OpenRouter's
 * `reasoning` object or nothing and `responseFormat` to `response_format`
 * (`json_schema` with a schema, named `response` unless named; `json_object` without one).
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-reasoning_effort
 * @see https://platform.openai.com/docs/guides/structured-outputs
 */
export function prepareOpenAISettings(
  request: Pick<ChatRequest, 'reasoning' | 'responseFormat'>,
  warnings: Warning[],
  reasoningField: 'reasoning_effort' | 'reasoning' | 'none' = 'reasoning_effort',
): OpenAISettingsFields {
  const fields: OpenAISettingsFields = {};
  const reasoning = request.reasoning;
  if (reasoning !== undefined && reasoningField === 'none') {
    warnings.push({
      type: 'unsupported',
      feature: 'reasoning',
      message: 'This server has no reasoning control (its models reason by model choice); reasoning was not sent.',
    });
  } else if (reasoning !== undefined && reasoningField === 'reasoning') {
    fields.reasoning = {
      ...(reasoning.effort === undefined ? {} : { effort: reasoning.effort }),
      ...(reasoning.budgetTokens === undefined ? {} : { max_tokens: reasoning.budgetTokens }),
    };
  } else if (reasoning !== undefined) {
    if (reasoning.effort !== undefined) fields.reasoning_effort = reasoning.effort;
    else if (reasoning.budgetTokens !== undefined) {
      fields.reasoning_effort = effortForBudget(reasoning.budgetTokens);
      warnings.push({
        type: 'degraded',
        feature: 'reasoning.budgetTokens',
        message: `OpenAI takes an effort level, not a token budget; budgetTokens ${reasoning.budgetTokens} was sent as reasoning_effort "${fields.reasoning_effort}".`,
      });
    }
    if (reasoning.summary === true) {
      warnings.push({
        type: 'unsupported',
        feature: 'reasoning.summary',
        message: 'Chat Completions returns no reasoning summary (the Responses API does); summary was not sent.',
      });
    }
  }
  const format = request.responseFormat;
  if (format !== undefined) {
    if (format.type === 'text') fields.response_format = { type: 'text' };
    else if (format.schema === undefined) fields.response_format = { type: 'json_object' };
    else {
      fields.response_format = {
        type: 'json_schema',
        json_schema: {
          name: format.name ?? 'response',
          ...(format.description === undefined ? {} : { description: format.description }),
          schema: format.schema,
          ...(format.strict === undefined ? {} : { strict: format.strict }),
        },
      };
    }
  }
  return fields;
}
