import type { CodecResult, ModelResponse, Warning } from '@interlingua/core';
import { convertToOpenAIResponsesUsage } from './convert-openai-responses-usage';
import { convertToOpenAIResponsesOutput } from './convert-to-openai-responses-output';
import { convertToOpenAIResponsesTerminal } from './map-openai-responses-status';
import type { OpenAIResponsesResponseBody } from './openai-responses-api';
import { openAIResponsesObject } from './openai-responses-object';
import {
  OPENAI_RESPONSES_PLACEHOLDER_ID,
  type OpenAIResponsesEncodeResponseOptions,
} from './openai-responses-settings';
import { readToolNamespaces, restoreToolNamespaces } from './responses-tool-namespaces';

/**
 * Encodes an IR response as a Responses API `response` object (the gateway direction): the parts
 * as `output` items (see `convertToOpenAIResponsesOutput`), the finish reason as `status` and
 * `incomplete_details` (`length` → `incomplete` / `max_output_tokens`, `error` → `failed`;
 * `pause` and `other`, which have no word of their own, are `completed` with a warning), and the
 * usage with its cached and reasoning details. With `options.requestTools`, calls of a
 * `namespace` tool's functions are named as the Responses API names them (`name` + `namespace`).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */
export function encodeOpenAIResponsesResponse(
  response: ModelResponse,
  options: OpenAIResponsesEncodeResponseOptions = {},
): CodecResult<OpenAIResponsesResponseBody> {
  const warnings: Warning[] = [];
  const id = options.id ?? response.id ?? OPENAI_RESPONSES_PLACEHOLDER_ID;
  const output = convertToOpenAIResponsesOutput(response.message.content, id, warnings);
  if (options.requestTools !== undefined) restoreToolNamespaces({ output }, readToolNamespaces(options.requestTools));
  const terminal = convertToOpenAIResponsesTerminal(response.finishReason);
  if (terminal.degraded) warnings.push(degradedFinish(response.finishReason));
  return {
    value: openAIResponsesObject({
      id,
      createdAt: options.createdAt ?? 0,
      model: response.model ?? options.model ?? 'unknown',
      status: terminal.status,
      output,
      usage: convertToOpenAIResponsesUsage(response.usage),
      ...(terminal.status === 'failed' ? { error: { code: 'server_error', message: 'The model call failed.' } } : {}),
      incompleteDetails: terminal.incompleteDetails,
    }),
    warnings,
  };
}

/** The warning for a finish reason the Responses API has no word for. */
export function degradedFinish(reason: string): Warning {
  return {
    type: 'degraded',
    feature: 'finishReason',
    message: `The Responses API has no status for finish reason "${reason}"; it was sent as "completed".`,
  };
}
