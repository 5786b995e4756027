import type { ModelResponse } from '../ir/model-response';
import type { StreamEvent } from '../ir/stream-event';

/**
 * The events a stream of `response` would carry: the inverse of `collectStream`.
 * Used to serve a finished response as a stream (gateways, scripted models, emulation).
 */
export function responseToStream(response: ModelResponse): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const part of response.message.content) {
    switch (part.type) {
      case 'text':
        events.push(
          part.providerMetadata === undefined
            ? { type: 'text-delta', text: part.text }
            : { type: 'text-delta', text: part.text, providerMetadata: part.providerMetadata },
        );
        break;
      case 'reasoning':
        events.push({
          type: 'reasoning-delta',
          text: part.text,
          ...(part.signature === undefined ? {} : { signature: part.signature }),
          ...(part.redacted === undefined ? {} : { redacted: part.redacted }),
          ...(part.providerMetadata === undefined ? {} : { providerMetadata: part.providerMetadata }),
        });
        break;
      case 'tool-call':
        // A provider's approval request is no call being written: it comes whole, as its API streams it.
        if (part.approval?.providerExecuted !== true) {
          events.push({ type: 'tool-call-start', id: part.id, name: part.name });
          events.push({
            type: 'tool-call-delta',
            id: part.id,
            argsTextDelta: part.argsText ?? JSON.stringify(part.args),
          });
        }
        events.push({ type: 'tool-call-end', toolCall: part });
        break;
      case 'hosted-tool-call':
        events.push({ type: 'hosted-tool-call', call: part });
        break;
      case 'hosted-tool-result':
        events.push({ type: 'hosted-tool-result', result: part });
        break;
      default: {
        const exhaustive: never = part;
        throw new Error(`Unknown assistant part ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  events.push({
    type: 'finish',
    finishReason: response.finishReason,
    rawFinishReason: response.rawFinishReason,
    usage: response.usage,
    ...(response.id === undefined ? {} : { id: response.id }),
    ...(response.model === undefined ? {} : { model: response.model }),
    warnings: response.warnings,
    ...(response.providerMetadata === undefined ? {} : { providerMetadata: response.providerMetadata }),
  });
  return events;
}
