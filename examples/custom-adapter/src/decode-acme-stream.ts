import { APICallError, InvalidResponseError, type StreamEvent } from '@interlingua/core';
import { safeParseWireResponse } from '@interlingua/core/adapter';
import { acmeStreamEventSchema } from './acme-api';
import { toolCallFromText } from './decode-acme-response';
import { mapAcmeEnd } from './map-acme-end';

/**
 * Acme stream events → IR stream events. A call arrives whole in one `call` event; `end` is the
 * finish; a `fault` event, a chunk that is not an Acme event, or a stream without `end` ends with
 * an `error` event. Never throws.
 */
export async function* decodeAcmeStream(chunks: AsyncIterable<unknown>): AsyncIterable<StreamEvent> {
  let id: string | undefined;
  let model: string | undefined;
  for await (const chunk of chunks) {
    const parsed = safeParseWireResponse(acmeStreamEventSchema, chunk, 'an Acme stream event');
    if (!parsed.success) {
      yield { type: 'error', error: parsed.error };
      return;
    }
    const event = parsed.value;
    switch (event.kind) {
      case 'start':
        id = event.id;
        model = event.model;
        break;
      case 'text':
        if (event.delta !== '') yield { type: 'text-delta', text: event.delta };
        break;
      case 'call':
        yield { type: 'tool-call-start', id: event.ref, name: event.fn };
        if (event.params !== '') yield { type: 'tool-call-delta', id: event.ref, argsTextDelta: event.params };
        yield { type: 'tool-call-end', toolCall: toolCallFromText(event.ref, event.fn, event.params) };
        break;
      case 'end':
        yield {
          type: 'finish',
          finishReason: mapAcmeEnd(event.end),
          rawFinishReason: event.end,
          usage: { inputTokens: event.meter.in, outputTokens: event.meter.out },
          ...(id === undefined ? {} : { id }),
          ...(model === undefined ? {} : { model }),
          warnings: [],
        };
        return;
      case 'fault':
        yield {
          type: 'error',
          error: new APICallError({
            message: event.message,
            providerErrorType: event.code,
            isRetryable: event.code === 'busy',
            responseBody: chunk,
          }),
        };
        return;
      default: {
        const exhaustive: never = event;
        throw new Error(`Unknown Acme event ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  yield {
    type: 'error',
    error: new InvalidResponseError({ message: 'Expected the Acme stream to end with an end event, got none.' }),
  };
}
