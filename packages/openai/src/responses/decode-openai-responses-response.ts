import type { ModelResponse, Warning } from '@interlingua/core';
import { parseWireResponse } from '@interlingua/core/adapter';
import { readOpenAIErrorBody } from '../read-openai-error-body';
import { addResponsesOutputItem } from './add-responses-output-item';
import { convertOpenAIResponsesUsage } from './convert-openai-responses-usage';
import { mapOpenAIResponsesFinishReason, rawOpenAIResponsesFinishReason } from './map-openai-responses-status';
import { responsesResponseSchema } from './openai-responses-api';
import { openAIResponsesFailure } from './openai-responses-failure';
import { createResponsesContentBuilder } from './responses-content-builder';

/**
 * Decodes a Responses API `response` object into an IR response. `output` items become parts in
 * order: `message` text (a `refusal` part as text marked `providerMetadata.openai.refusal`),
 * `reasoning` (summary text, with `itemId` and `encryptedContent` in `providerMetadata.openai`),
 * `function_call` (arguments parsed with `parseToolArguments`, never throwing); items the provider
 * ran itself (`web_search_call`, …) are kept whole on the text part at their place, in
 * `providerMetadata.openai.serverItems`, not as client calls. `status` and
 * `incomplete_details.reason` give the finish reason (`max_output_tokens` → `length`).
 *
 * Throws `APICallError` for a `failed` response (its `error.code` as `providerErrorType`) and for
 * an error body (`{ "error": { message, type, code } }`), and `InvalidResponseError`, naming the
 * field, for a body that is not a response. A bad usage count is dropped with a warning.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */
export function decodeOpenAIResponsesResponse(body: unknown): ModelResponse {
  // An error body (`{ "error": { … } }`, no `output`) is the error it describes, not an empty answer.
  const errorBody = isResponseObject(body) ? undefined : readOpenAIErrorBody(body);
  if (errorBody !== undefined) throw errorBody;
  const response = parseWireResponse(responsesResponseSchema, body, 'a Responses API response body');
  if (response.status === 'failed') throw openAIResponsesFailure(response.error, body);
  const builder = createResponsesContentBuilder();
  const warnings: Warning[] = [];
  response.output.forEach((item, index) => {
    addResponsesOutputItem(builder, item, ['output', index], warnings);
  });
  const content = builder.parts;
  const incompleteReason = response.incomplete_details?.reason;
  return {
    message: { role: 'assistant', content },
    finishReason: mapOpenAIResponsesFinishReason({
      status: response.status,
      incompleteReason,
      refused: content.some((part) => part.type === 'text' && part.providerMetadata?.openai?.refusal === true),
      hasToolCalls: content.some((part) => part.type === 'tool-call'),
    }),
    rawFinishReason: rawOpenAIResponsesFinishReason(response.status, incompleteReason),
    usage: convertOpenAIResponsesUsage(response.usage, warnings),
    ...(response.id ? { id: response.id } : {}),
    ...(response.model ? { model: response.model } : {}),
    warnings,
  };
}

/** Whether a body is a `response` object (whose `error` field is part of it), not an error body. */
export function isResponseObject(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, 'output');
}
