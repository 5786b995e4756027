import type { ChatRequest, ReasoningSettings, ResponseFormat, Warning } from '@interlingua/core';
import { effortForBudget } from '@interlingua/core/adapter';

const EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);

/** The Responses fields for `reasoning` and `responseFormat`. */
export type OpenAIResponsesSettingsFields = {
  reasoning?: { effort?: 'minimal' | 'low' | 'medium' | 'high'; summary?: 'auto' };
  text?: {
    format:
      | { type: 'text' }
      | { type: 'json_object' }
      | { type: 'json_schema'; name: string; schema: Record<string, unknown>; description?: string; strict?: boolean };
  };
};

/**
 * Maps `reasoning` to `reasoning: { effort, summary: 'auto' }` (a budget alone becomes the
 * nearest level, with a warning) and `responseFormat` to `text.format` (`json_schema` with a
 * schema, named `response` unless named; `json_object` without one). `providerOptions.openai`
 * is applied after these, so a native `reasoning` or `text` there wins.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-reasoning
 * @see https://platform.openai.com/docs/guides/structured-outputs?api-mode=responses
 */
export function prepareOpenAIResponsesSettings(
  request: Pick<ChatRequest, 'reasoning' | 'responseFormat'>,
  warnings: Warning[],
): OpenAIResponsesSettingsFields {
  const fields: OpenAIResponsesSettingsFields = {};
  const reasoning = request.reasoning;
  if (reasoning !== undefined) {
    let effort = reasoning.effort;
    if (effort === undefined && reasoning.budgetTokens !== undefined) {
      effort = effortForBudget(reasoning.budgetTokens);
      warnings.push({
        type: 'degraded',
        feature: 'reasoning.budgetTokens',
        message: `The Responses API takes an effort level, not a token budget; budgetTokens ${reasoning.budgetTokens} was sent as reasoning.effort "${effort}".`,
      });
    }
    fields.reasoning = {
      ...(effort === undefined ? {} : { effort }),
      ...(reasoning.summary === true ? { summary: 'auto' as const } : {}),
    };
  }
  const format = request.responseFormat;
  if (format !== undefined) {
    if (format.type === 'text') fields.text = { format: { type: 'text' } };
    else if (format.schema === undefined) fields.text = { format: { type: 'json_object' } };
    else {
      fields.text = {
        format: {
          type: 'json_schema',
          name: format.name ?? 'response',
          schema: format.schema as Record<string, unknown>,
          ...(format.description === undefined ? {} : { description: format.description }),
          ...(format.strict === undefined ? {} : { strict: format.strict }),
        },
      };
    }
  }
  return fields;
}

/**
 * Reads a Responses body's `reasoning` and `text.format` back into the IR's `reasoning` and
 * `responseFormat` when they hold only what the IR can say (an effort level of the IR's, a
 * `summary: 'auto'`, a text / json_object / json_schema format); anything else (another effort such
 * as `none`, a `concise` summary, `text.verbosity`, a malformed value) stays in `providerOptions.openai` as it was.
 * Returns the keys it consumed.
 */
export function readOpenAIResponsesSettings(body: { reasoning?: unknown; text?: unknown }): {
  reasoning?: ReasoningSettings;
  responseFormat?: ResponseFormat;
  consumed: Set<'reasoning' | 'text'>;
} {
  const consumed = new Set<'reasoning' | 'text'>();
  const out: { reasoning?: ReasoningSettings; responseFormat?: ResponseFormat } = {};
  const reasoning = plainObject(body.reasoning);
  if (reasoning !== undefined && Object.keys(reasoning).every((key) => key === 'effort' || key === 'summary')) {
    const { effort, summary } = reasoning;
    const effortOk = effort === undefined || effort === null || (typeof effort === 'string' && EFFORTS.has(effort));
    const summaryOk = summary === undefined || summary === null || summary === 'auto';
    if (effortOk && summaryOk) {
      out.reasoning = {
        ...(typeof effort === 'string' ? { effort: effort as NonNullable<ReasoningSettings['effort']> } : {}),
        ...(typeof summary === 'string' ? { summary: true } : {}),
      };
      consumed.add('reasoning');
    }
  }
  const text = plainObject(body.text);
  const format = text === undefined ? undefined : plainObject(text.format);
  if (text !== undefined && format !== undefined && Object.keys(text).length === 1) {
    const responseFormat = readFormat(format);
    if (responseFormat !== undefined) {
      out.responseFormat = responseFormat;
      consumed.add('text');
    }
  }
  return { ...out, consumed };
}

function readFormat(format: Record<string, unknown>): ResponseFormat | undefined {
  if (format.type === 'text' && Object.keys(format).length === 1) return { type: 'text' };
  if (format.type === 'json_object' && Object.keys(format).length === 1) return { type: 'json' };
  if (format.type !== 'json_schema') return undefined;
  const { name, schema, description, strict } = format;
  const known = Object.keys(format).every((key) => ['type', 'name', 'schema', 'description', 'strict'].includes(key));
  const schemaObject = plainObject(schema);
  if (!known || typeof name !== 'string' || name === '' || schemaObject === undefined) return undefined;
  if (description !== undefined && description !== null && typeof description !== 'string') return undefined;
  if (strict !== undefined && strict !== null && typeof strict !== 'boolean') return undefined;
  return {
    type: 'json',
    schema: schemaObject as NonNullable<Extract<ResponseFormat, { type: 'json' }>['schema']>,
    name,
    ...(typeof description === 'string' ? { description } : {}),
    ...(typeof strict === 'boolean' ? { strict } : {}),
  };
}

function plainObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
