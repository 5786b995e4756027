import type { CodecResult, EncodeResponseOptions, ModelResponse, StreamEvent, Warning } from '@interlingua/core';
import { renderHostedToolPart } from '@interlingua/core/adapter';
import type { AcmeResponse, AcmeStreamEvent } from './acme-api';
import { convertToAcmeFinishReason } from './map-acme-end';

/** IR response → Acme response body (the gateway direction). Reasoning is not sent, with a warning. */
export function encodeAcmeResponse(
  response: ModelResponse,
  options: EncodeResponseOptions = {},
): CodecResult<AcmeResponse> {
  const warnings: Warning[] = [];
  const text = response.message.content
    .flatMap((part) =>
      part.type === 'text'
        ? [part.text]
        : part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result'
          ? [renderHostedToolPart(part)]
          : [],
    )
    .join('');
  const calls = response.message.content.flatMap((part) =>
    part.type === 'tool-call' ? [{ ref: part.id, fn: part.name, params: part.args }] : [],
  );
  if (response.message.content.some((part) => part.type === 'reasoning'))
    warnings.push({ type: 'unsupported', feature: 'reasoning', message: 'Acme has no reasoning field: not sent.' });
  return {
    value: {
      id: response.id ?? 'acme-interlingua',
      model: response.model ?? options.model ?? 'unknown',
      reply: { ...(text === '' ? {} : { text }), ...(calls.length === 0 ? {} : { calls }) },
      end: convertToAcmeFinishReason(response.finishReason),
      meter: { in: response.usage.inputTokens, out: response.usage.outputTokens },
    },
    warnings,
  };
}

/** IR stream events → Acme stream events (the gateway direction). */
export async function* encodeAcmeStream(
  events: AsyncIterable<StreamEvent>,
  options: EncodeResponseOptions = {},
): AsyncIterable<AcmeStreamEvent> {
  let started = false;
  for await (const event of events) {
    if (!started && event.type !== 'error') {
      started = true;
      const id = event.type === 'finish' ? event.id : undefined;
      yield { kind: 'start', id: id ?? 'acme-interlingua', model: options.model ?? 'unknown' };
    }
    switch (event.type) {
      case 'text-delta':
        if (event.text !== '') yield { kind: 'text', delta: event.text };
        break;
      case 'tool-call-end':
        yield {
          kind: 'call',
          ref: event.toolCall.id,
          fn: event.toolCall.name,
          params: event.toolCall.argsText ?? JSON.stringify(event.toolCall.args),
        };
        break;
      case 'finish':
        yield {
          kind: 'end',
          end: convertToAcmeFinishReason(event.finishReason),
          meter: { in: event.usage.inputTokens, out: event.usage.outputTokens },
        };
        return;
      case 'error':
        yield {
          kind: 'fault',
          code: 'error',
          message: event.error instanceof Error ? event.error.message : String(event.error),
        };
        return;
      case 'hosted-tool-call':
      case 'hosted-tool-result':
        yield {
          kind: 'text',
          delta: renderHostedToolPart(event.type === 'hosted-tool-call' ? event.call : event.result),
        };
        break;
      case 'reasoning-delta':
      case 'tool-call-start':
      case 'tool-call-delta':
        break;
      default: {
        const exhaustive: never = event;
        throw new Error(`Unknown event ${JSON.stringify(exhaustive)}`);
      }
    }
  }
}
