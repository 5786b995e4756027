import type { StreamEvent } from '@interlingua/core';
import type { OpenAIResponsesStreamEvent } from './openai-responses-api';
import {
  OPENAI_RESPONSES_PLACEHOLDER_ID,
  type OpenAIResponsesEncodeResponseOptions,
} from './openai-responses-settings';
import { createResponsesStreamEncoder } from './responses-stream-encoder';

/**
 * Encodes IR stream events as Responses API stream events (the gateway direction), in the order
 * the API sends them (see `createResponsesStreamEncoder`), ending with `response.completed`,
 * `response.incomplete` or `response.failed` carrying the same response `encodeResponse` gives.
 * An IR `error` event becomes `response.failed` with the output so far and the error's
 * `providerErrorType` as its code, so the client learns of it in its own format.
 *
 * IR events carry the id and model only on `finish`: events before it use `options.id` (else a
 * placeholder) and `options.model`; the terminal event uses the finish event's.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
export async function* encodeOpenAIResponsesStream(
  events: AsyncIterable<StreamEvent>,
  options: OpenAIResponsesEncodeResponseOptions = {},
): AsyncIterable<OpenAIResponsesStreamEvent> {
  const encoder = createResponsesStreamEncoder({
    id: options.id ?? OPENAI_RESPONSES_PLACEHOLDER_ID,
    model: options.model ?? 'unknown',
    createdAt: options.createdAt ?? 0,
  });
  for await (const event of events) {
    yield* encoder.push(event);
    if (event.type === 'finish' || event.type === 'error') return;
  }
}
