import type { ChatRequest, JSONObject, ReasoningEffort, ReasoningSettings } from '@interlingua/core';
import { convertGeminiSchemaToJsonSchema } from './convert-gemini-schema-to-json-schema';
import type { GeminiParsedGenerationConfig } from './gemini-api';

const EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);

/**
 * Reads `reasoning` and `responseFormat` back from a parsed `generationConfig` (the inverse of
 * `prepareGeminiSettings`) and removes what it mapped from `passthrough` (the provider options
 * copied from the body). `thinkingBudget` ≥ 0 is `budgetTokens`, `thinkingLevel` (either case)
 * `effort`, `includeThoughts` `summary`; a dynamic budget (-1) and unknown levels stay provider
 * options. `responseMimeType: 'application/json'` is JSON, with `responseJsonSchema`, or
 * `responseSchema` converted back to JSON Schema; `text/plain` is text.
 */
export function decodeGeminiSettings(
  config: GeminiParsedGenerationConfig,
  passthrough: JSONObject,
  request: ChatRequest,
): void {
  const thinking = config.thinkingConfig;
  if (thinking !== undefined) {
    const reasoning: ReasoningSettings = {};
    const rest: JSONObject = { ...(passthrough.thinkingConfig as JSONObject) };
    if (thinking.thinkingBudget !== undefined && thinking.thinkingBudget >= 0) {
      reasoning.budgetTokens = thinking.thinkingBudget;
      delete rest.thinkingBudget;
    }
    const level = thinking.thinkingLevel?.toLowerCase();
    if (level !== undefined && EFFORTS.has(level)) {
      reasoning.effort = level as ReasoningEffort;
      delete rest.thinkingLevel;
    }
    if (thinking.includeThoughts !== undefined) {
      reasoning.summary = thinking.includeThoughts;
      delete rest.includeThoughts;
    }
    if (Object.keys(reasoning).length > 0) request.reasoning = reasoning;
    if (Object.keys(rest).length > 0) passthrough.thinkingConfig = rest;
    else delete passthrough.thinkingConfig;
  }
  const mime = config.responseMimeType;
  if (mime === 'text/plain' && config.responseJsonSchema === undefined && config.responseSchema === undefined) {
    request.responseFormat = { type: 'text' };
    delete passthrough.responseMimeType;
  } else if (mime === 'application/json') {
    const schema =
      config.responseJsonSchema ??
      (config.responseSchema === undefined
        ? undefined
        : convertGeminiSchemaToJsonSchema(config.responseSchema, 'generationConfig.responseSchema'));
    request.responseFormat = schema === undefined ? { type: 'json' } : { type: 'json', schema };
    delete passthrough.responseMimeType;
    delete passthrough.responseJsonSchema;
    delete passthrough.responseSchema;
  }
}
