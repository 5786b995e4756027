import { APICallError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { isToolsUnsupportedError } from './is-tools-unsupported-error';

const apiError = (message: string, statusCode = 400) => new APICallError({ message, statusCode });

describe('isToolsUnsupportedError', () => {
  it.each([
    'llama3 does not support tools',
    'registry.ollama.ai/library/gemma3:4b does not support tools',
    'tools is not supported in this model. For a list of supported models, refer to https://platform.openai.com/docs/guides/function-calling#models-supporting-function-calling.',
    "Unsupported parameter: 'tools' is not supported with this model.",
    '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
    'tools param requires --jinja flag',
    'Function calling is not enabled for models/gemma-3-27b-it',
    'This model does not support function calling.',
  ])('recognises %j', (message) => {
    expect(isToolsUnsupportedError(apiError(message))).toBe(true);
  });

  it.each([
    'Rate limit reached for gpt-4o',
    "Invalid schema for function 'get_weather': 'additionalProperties' is required",
    'The model `llama9` does not exist',
  ])('ignores %j', (message) => {
    expect(isToolsUnsupportedError(apiError(message))).toBe(false);
  });

  it('ignores errors that are not provider API errors', () => {
    expect(isToolsUnsupportedError(new Error('llama3 does not support tools'))).toBe(false);
  });
});
