import type { StreamEvent } from '@interlingua/core';
import type { OpenAIResponsesStreamEvent } from './openai-responses-api';
import {
  OPENAI_RESPONSES_PLACEHOLDER_ID,
  type OpenAIResponsesEncodeResponseOptions,
} from './openai-responses-settings';
import { createResponsesStreamEncoder } from './responses-stream-encoder';
import { readToolNamespaces, restoreToolNamespaces } from './responses-tool-namespaces';

/**
 * Encodes IR stream events as Responses API stream events (the gateway direction), in the order
 * the API sends them (see `createResponsesStreamEncoder`), ending with `response.completed`,
 * `response.incomplete` or `response.failed` carrying the same response `encodeResponse` gives.
 * An IR `error` event becomes `response.failed` with the output so far and the error's
 * `providerErrorType` as its code, so the client learns of it in its own format.
 *
 * IR events carry the id and model only on `finish`: events before it use `options.id` (else a
 * placeholder) and `options.model`; the terminal event uses the finish event's. With
 * `options.requestTools`, calls of a `namespace` tool's functions are named `name` + `namespace`.
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
  const namespaces = readToolNamespaces(options.requestTools);
  for await (const event of events) {
    const chunks = encoder.push(event);
    if (namespaces.size > 0) for (const chunk of chunks) restoreToolNamespaces(chunk, namespaces);
    yield* chunks;
    if (event.type === 'finish' || event.type === 'error') return;
  }
}
