import type { ChatRequest, JSONObject, Warning } from '@interlingua/core';
import { DEFAULT_EFFORT_BUDGETS } from '@interlingua/core/adapter';
import type { BedrockConverseRequest } from './bedrock-api';

const MIN_BUDGET = 1024;
const ANSWER_TOKENS = 4096;

/**
 * Sets `reasoning` and `responseFormat` on a Converse input. Claude models think through
 * `additionalModelRequestFields.thinking` (`{ type: 'enabled', budget_tokens }`, the effort's
 * default budget when only an effort is given; `maxTokens` raised above the budget with a
 * warning); other models get a warning. JSON with a schema is `outputConfig.textFormat`
 * (`json_schema`, the schema as a JSON string); JSON without one is a warning.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-extended-thinking.html
 * @see https://docs.aws.amazon.com/bedrock/latest/userguide/structured-output.html
 */
export function applyBedrockSettings(request: ChatRequest, body: BedrockConverseRequest, warnings: Warning[]): void {
  const reasoning = request.reasoning;
  if (reasoning !== undefined) {
    let budget =
      reasoning.budgetTokens ?? (reasoning.effort === undefined ? undefined : DEFAULT_EFFORT_BUDGETS[reasoning.effort]);
    if (!body.modelId.includes('anthropic.claude')) {
      warnings.push({
        type: 'unsupported',
        feature: 'reasoning',
        message: `Interlingua maps reasoning on Bedrock for Claude models only; ${body.modelId} was sent without it (use providerOptions.bedrock.additionalModelRequestFields).`,
      });
    } else if (budget !== undefined) {
      const fields: JSONObject = { ...(body.additionalModelRequestFields as JSONObject | undefined) };
      if (budget === 0) fields.thinking = { type: 'disabled' };
      else {
        budget = Math.max(budget, MIN_BUDGET);
        const config = { ...body.inferenceConfig };
        if (config.maxTokens !== undefined && config.maxTokens <= budget) {
          warnings.push({
            type: 'degraded',
            feature: 'maxOutputTokens',
            message: `Claude needs maxTokens above the thinking budget (${budget}); ${config.maxTokens} was raised to ${budget + ANSWER_TOKENS}.`,
          });
          config.maxTokens = budget + ANSWER_TOKENS;
          body.inferenceConfig = config;
        }
        fields.thinking = { type: 'enabled', budget_tokens: budget };
      }
      body.additionalModelRequestFields = fields;
    }
  }
  const format = request.responseFormat;
  if (format?.type === 'json') {
    if (format.schema === undefined) {
      warnings.push({
        type: 'unsupported',
        feature: 'responseFormat',
        message: 'Bedrock structured output needs a JSON schema; JSON without one was not requested.',
      });
    } else {
      body.outputConfig = {
        textFormat: {
          type: 'json_schema',
          structure: {
            jsonSchema: {
              schema: JSON.stringify(format.schema),
              ...(format.name === undefined ? {} : { name: format.name }),
              ...(format.description === undefined ? {} : { description: format.description }),
            },
          },
        },
      };
    }
  }
}
