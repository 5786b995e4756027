import type { ChatRequest, JSONObject, Warning } from '@interlingua/core';
import { DEFAULT_EFFORT_BUDGETS, effortForBudget } from '@interlingua/core/adapter';
import { lowerJsonSchemaForGemini } from './lower-json-schema-for-gemini';

/**
 * Whether a model takes `thinkingLevel` (Gemini 3 and later) rather than `thinkingBudget`
 * (Gemini 2.5). The two cannot be combined: a request with both is a 400.
 *
 * @see https://ai.google.dev/gemini-api/docs/gemini-3#thinking_level
 */
export function takesThinkingLevel(modelId: string): boolean {
  const match = /gemini-(\d+)/.exec(modelId);
  return match !== null && Number(match[1]) >= 3;
}

// Models before 2.5 take only the OpenAPI-subset `responseSchema`, not `responseJsonSchema`.
function takesJsonSchema(modelId: string): boolean {
  return !/gemini-(1\.|2\.0)/.test(modelId);
}

/**
 * The `generationConfig` fields for `reasoning` and `responseFormat`: Gemini 3 gets
 * `thinkingConfig.thinkingLevel` (a budget alone becomes the nearest level, with a warning),
 * earlier models `thinkingConfig.thinkingBudget` (an effort alone becomes its default budget);
 * `summary` is `includeThoughts`. JSON is `responseMimeType: 'application/json'` with the schema
 * as `responseJsonSchema`, or, for models before 2.5, lowered to the OpenAPI subset as
 * `responseSchema` (each dropped keyword a warning). Before Gemini 3, JSON does not combine with
 * function declarations: with tools it is left out, with a warning.
 *
 * @see https://ai.google.dev/gemini-api/docs/thinking
 * @see https://ai.google.dev/gemini-api/docs/structured-output
 */
export function prepareGeminiSettings(
  request: Pick<ChatRequest, 'reasoning' | 'responseFormat' | 'tools'>,
  modelId: string,
  warnings: Warning[],
): JSONObject {
  const config: JSONObject = {};
  const reasoning = request.reasoning;
  if (reasoning !== undefined) {
    const thinking: JSONObject = {};
    if (takesThinkingLevel(modelId)) {
      let effort = reasoning.effort;
      if (effort === undefined && reasoning.budgetTokens !== undefined) {
        effort = effortForBudget(reasoning.budgetTokens);
        warnings.push({
          type: 'degraded',
          feature: 'reasoning.budgetTokens',
          message: `Gemini 3 takes a thinking level, not a budget; budgetTokens ${reasoning.budgetTokens} was sent as thinkingLevel "${effort}".`,
        });
      }
      if (effort !== undefined) thinking.thinkingLevel = effort;
    } else {
      const budget =
        reasoning.budgetTokens ??
        (reasoning.effort === undefined ? undefined : DEFAULT_EFFORT_BUDGETS[reasoning.effort]);
      if (budget !== undefined) thinking.thinkingBudget = budget;
    }
    if (reasoning.summary !== undefined) thinking.includeThoughts = reasoning.summary;
    if (Object.keys(thinking).length > 0) config.thinkingConfig = thinking;
  }
  const format = request.responseFormat;
  if (format !== undefined) {
    if (format.type === 'text') config.responseMimeType = 'text/plain';
    else if ((request.tools ?? []).length > 0 && !takesThinkingLevel(modelId)) {
      warnings.push({
        type: 'unsupported',
        feature: 'responseFormat',
        message:
          'Gemini before 3 cannot combine function calling with a JSON response (responseMimeType); the format was not sent.',
      });
    } else {
      config.responseMimeType = 'application/json';
      if (format.schema !== undefined) {
        if (takesJsonSchema(modelId)) config.responseJsonSchema = format.schema;
        else {
          const lowered = lowerJsonSchemaForGemini(format.schema, {
            toolName: format.name ?? 'response',
            featurePrefix: 'responseFormat.schema',
          });
          for (const warning of lowered.warnings) warnings.push(warning);
          if (lowered.schema !== undefined) config.responseSchema = lowered.schema as JSONObject;
        }
      }
    }
  }
  return config;
}
