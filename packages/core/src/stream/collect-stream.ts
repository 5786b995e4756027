import { InterlinguaError } from '../errors/interlingua-error';
import { InvalidResponseError } from '../errors/invalid-response-error';
import type { ProviderMetadata } from '../ir/json-value';
import type { AssistantContentPart } from '../ir/message';
import type { ModelResponse } from '../ir/model-response';
import type { StreamEvent } from '../ir/stream-event';
import type { ToolCall } from '../ir/tool-call';
import { setOwnProperty } from '../json/set-own-property';
import { parseToolArguments } from '../tools/parse-tool-arguments';

type PendingCall = { index: number; id: string; name: string; argsText: string };

/**
 * Folds a stream of events into exactly the {@link ModelResponse} the non-streaming call
 * would give. Consecutive text deltas join into one text part, their provider metadata merged,
 * unless a boolean field of their metadata differs: such a flag says what kind of text the part
 * is (OpenAI's `refusal`), so a refusal after an answer is a part of its own, as in the
 * non-streaming response. An empty delta only adds its metadata to the part before it (a
 * signature arriving on the last, empty delta lands on the part). Reasoning
 * deltas join into reasoning parts, and each tool call takes the place where it started. A call
 * that started but never ended (a cut-off stream) is kept with `argsError`.
 *
 * Throws the `error` of an `error` event — with the event's `usage` (the tokens billed before
 * the failure) set as `error.usage` when it is an Interlingua error — and
 * {@link InvalidResponseError} when the stream ends without a `finish` event.
 */
export async function collectStream(
  events: AsyncIterable<StreamEvent> | Iterable<StreamEvent>,
): Promise<ModelResponse> {
  const content: AssistantContentPart[] = [];
  const pending = new Map<string, PendingCall>();
  let finish: Extract<StreamEvent, { type: 'finish' }> | undefined;

  const fold = (event: StreamEvent): void => {
    switch (event.type) {
      case 'text-delta': {
        const last = content.at(-1);
        // An empty delta only adds metadata (a signature, server blocks) to the part before it.
        if (last?.type === 'text' && (event.text === '' || sameFlags(last.providerMetadata, event.providerMetadata))) {
          last.text += event.text;
          if (event.providerMetadata !== undefined)
            last.providerMetadata = mergeMetadata(last.providerMetadata, event.providerMetadata);
        } else {
          content.push(
            event.providerMetadata === undefined
              ? { type: 'text', text: event.text }
              : { type: 'text', text: event.text, providerMetadata: event.providerMetadata },
          );
        }
        break;
      }
      case 'reasoning-delta': {
        const last = content.at(-1);
        const open = last?.type === 'reasoning' && last.signature === undefined && last.redacted === undefined;
        if (open && event.redacted === undefined) {
          last.text += event.text;
          if (event.signature !== undefined) last.signature = event.signature;
          if (event.providerMetadata !== undefined) last.providerMetadata = event.providerMetadata;
        } else {
          content.push({
            type: 'reasoning',
            text: event.text,
            ...(event.signature === undefined ? {} : { signature: event.signature }),
            ...(event.redacted === undefined ? {} : { redacted: event.redacted }),
            ...(event.providerMetadata === undefined ? {} : { providerMetadata: event.providerMetadata }),
          });
        }
        break;
      }
      case 'tool-call-start': {
        pending.set(event.id, { index: content.length, id: event.id, name: event.name, argsText: '' });
        content.push({ type: 'tool-call', id: event.id, name: event.name, args: {} });
        break;
      }
      case 'tool-call-delta': {
        const call = pending.get(event.id);
        if (call === undefined) {
          throw new InvalidResponseError({
            message: `Expected a tool-call-start before arguments of call "${event.id}".`,
          });
        }
        call.argsText += event.argsTextDelta;
        break;
      }
      case 'tool-call-end': {
        const call = pending.get(event.toolCall.id);
        if (call === undefined) content.push(event.toolCall);
        else {
          content[call.index] = event.toolCall;
          pending.delete(event.toolCall.id);
        }
        break;
      }
      case 'hosted-tool-call':
        content.push(event.call);
        break;
      case 'hosted-tool-result':
        content.push(event.result);
        break;
      case 'finish':
        finish = event;
        break;
      case 'error':
        if (event.usage !== undefined && InterlinguaError.isInstance(event.error)) event.error.usage ??= event.usage;
        throw event.error;
      default: {
        const exhaustive: never = event;
        throw new InvalidResponseError({ message: `Unknown stream event ${JSON.stringify(exhaustive)}.` });
      }
    }
  };

  // A sync iterable (an array of events) is folded without a promise per event.
  if (Symbol.iterator in events) for (const event of events) fold(event);
  else for await (const event of events) fold(event);

  if (finish === undefined) {
    throw new InvalidResponseError({ message: 'Expected a finish event, but the stream ended without one.' });
  }
  for (const call of pending.values()) content[call.index] = closeCutOffCall(call);

  return {
    message: { role: 'assistant', content },
    finishReason: finish.finishReason,
    rawFinishReason: finish.rawFinishReason,
    usage: finish.usage,
    ...(finish.id === undefined ? {} : { id: finish.id }),
    ...(finish.model === undefined ? {} : { model: finish.model }),
    warnings: finish.warnings ?? [],
    ...(finish.providerMetadata === undefined ? {} : { providerMetadata: finish.providerMetadata }),
  };
}

// Whether two pieces of text are of one kind: every boolean field of their metadata agrees (absent = false).
function sameFlags(a: ProviderMetadata | undefined, b: ProviderMetadata | undefined): boolean {
  if (a === undefined && b === undefined) return true;
  for (const [one, other] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const [key, data] of Object.entries(one ?? {})) {
      for (const [field, value] of Object.entries(data)) {
        if (typeof value === 'boolean' && value !== (other?.[key]?.[field] === true)) return false;
      }
    }
  }
  return true;
}

function mergeMetadata(a: ProviderMetadata | undefined, b: ProviderMetadata): ProviderMetadata {
  if (a === undefined) return b;
  const merged: ProviderMetadata = { ...a };
  for (const [key, value] of Object.entries(b)) {
    setOwnProperty(merged, key, Object.hasOwn(merged, key) ? { ...merged[key], ...value } : value);
  }
  return merged;
}

function closeCutOffCall(call: PendingCall): ToolCall {
  const parsed = parseToolArguments(call.argsText);
  if (parsed.argsError === undefined) return { type: 'tool-call', id: call.id, name: call.name, args: parsed.args };
  return {
    type: 'tool-call',
    id: call.id,
    name: call.name,
    args: {},
    argsText: call.argsText,
    argsError: parsed.argsError,
  };
}
