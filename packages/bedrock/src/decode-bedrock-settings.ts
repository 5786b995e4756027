import { type ChatRequest, InvalidRequestError, type JSONObject, jsonObjectSchema } from '@interlingua/core';

/**
 * Reads `reasoning` and `responseFormat` back from a Converse input's pass-through fields (the
 * inverse of `applyBedrockSettings`) and removes what it mapped from `options`:
 * `additionalModelRequestFields.thinking` (`enabled` with `budget_tokens`, or `disabled`) and
 * `outputConfig.textFormat` (`json_schema`, whose schema string must hold a JSON object).
 * Throws `InvalidRequestError` naming the path when that string is not a JSON object.
 */
export function decodeBedrockSettings(options: JSONObject, request: ChatRequest): void {
  const fields = options.additionalModelRequestFields;
  if (isObject(fields) && isObject(fields.thinking)) {
    const { thinking, ...rest } = fields;
    const budget = thinking.budget_tokens;
    let mapped = false;
    if (thinking.type === 'enabled' && Number.isSafeInteger(budget) && (budget as number) > 0) {
      request.reasoning = { budgetTokens: budget as number };
      mapped = true;
    } else if (thinking.type === 'disabled' && Object.keys(thinking).length === 1) {
      request.reasoning = { budgetTokens: 0 };
      mapped = true;
    }
    if (mapped) {
      if (Object.keys(rest).length > 0) options.additionalModelRequestFields = rest;
      else delete options.additionalModelRequestFields;
    }
  }
  const output = options.outputConfig;
  if (!isObject(output) || !isObject(output.textFormat)) return;
  const { textFormat, ...otherOutput } = output;
  const structure = textFormat.structure;
  const definition = isObject(structure) ? structure.jsonSchema : undefined;
  if (textFormat.type !== 'json_schema' || !isObject(definition) || typeof definition.schema !== 'string') return;
  const path = 'outputConfig.textFormat.structure.jsonSchema.schema';
  let parsed: unknown;
  try {
    parsed = JSON.parse(definition.schema);
  } catch {
    throw new InvalidRequestError({ message: `Expected a Bedrock Converse request: ${path}: Expected a JSON string` });
  }
  const checked = jsonObjectSchema.safeParse(parsed);
  if (!checked.success) {
    throw new InvalidRequestError({
      message: `Expected a Bedrock Converse request: ${path}: Expected a JSON object schema`,
    });
  }
  request.responseFormat = {
    type: 'json',
    schema: checked.data,
    ...(typeof definition.name === 'string' && definition.name !== '' ? { name: definition.name } : {}),
    ...(typeof definition.description === 'string' ? { description: definition.description } : {}),
  };
  if (Object.keys(otherOutput).length > 0) options.outputConfig = otherOutput;
  else delete options.outputConfig;
}

function isObject(value: unknown): value is JSONObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
