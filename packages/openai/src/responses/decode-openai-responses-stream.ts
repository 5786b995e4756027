import type { StreamEvent } from '@interlingua/core';
import { createResponsesStreamDecoder } from './responses-stream-decoder';

/**
 * Decodes Responses API stream events (as the `openai` SDK yields them) into IR events, so that
 * their fold equals `decodeResponse` of the final response.
 *
 * `response.output_text.delta` and `response.refusal.delta` become text deltas (a refusal marked
 * `providerMetadata.openai.refusal`); `response.reasoning_summary_text.delta` and
 * `response.reasoning_text.delta` reasoning deltas (summary parts joined by a blank line), closed
 * at `response.output_item.done` by a delta carrying the item's id and encrypted content; a
 * `function_call` item becomes `tool-call-start`, its `response.function_call_arguments.delta`
 * fragments `tool-call-delta`, and its `output_item.done` `tool-call-end`. Items the provider ran
 * itself are kept on the text at their place. `response.completed` / `response.incomplete`
 * give `finish` with the usage; `response.failed` and `error` give an `error` event with an
 * `APICallError`, as does an event that cannot be read (an `InvalidResponseError`), an error
 * thrown by the source, or a stream that ends before a terminal event.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
export async function* decodeOpenAIResponsesStream(chunks: AsyncIterable<unknown>): AsyncIterable<StreamEvent> {
  const decoder = createResponsesStreamDecoder();
  try {
    for await (const chunk of chunks) {
      let step: ReturnType<typeof decoder.push>;
      try {
        step = decoder.push(chunk);
      } catch (error) {
        yield { type: 'error', error };
        return;
      }
      yield* step.events;
      if (step.done) return;
    }
  } catch (error) {
    yield { type: 'error', error };
    return;
  }
  yield* decoder.end();
}
