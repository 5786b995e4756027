import { type OutputUnit, type Schema, Validator } from '@cfworker/json-schema';
import type { JSONObject, Warning } from '@interlingua/core';
import { repairJsonText } from '@interlingua/core/adapter';

/**
 * Checks a prompted JSON answer: that the text is JSON (or repairable JSON, with `repairJsonText`)
 * and, given a schema, that it matches. Returns the warning that says what is wrong, or
 * `undefined` for a good answer.
 */
export function checkJsonAnswer(text: string, schema: JSONObject | undefined): Warning | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = repairJsonText(text);
    if (value === undefined) {
      return {
        type: 'other',
        feature: 'responseFormat',
        message: 'The model was asked for JSON but its answer is not JSON.',
      };
    }
  }
  if (schema === undefined) return undefined;
  const result = new Validator(schema as Schema, '2020-12', false).validate(value);
  if (result.valid) return undefined;
  return {
    type: 'other',
    feature: 'responseFormat',
    message: `The model's JSON answer does not match the schema: ${describe(result.errors)}`,
  };
}

function describe(errors: readonly OutputUnit[]): string {
  return errors
    .slice(-3)
    .map((error) => `${error.instanceLocation}: ${error.error}`)
    .join('; ');
}
