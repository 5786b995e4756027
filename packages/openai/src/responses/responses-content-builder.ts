import type { AssistantContentPart, JSONObject, TextPart } from '@interlingua/core';
import { toToolCall } from '../decode-openai-response';
import { decodeResponsesHostedItem } from './convert-openai-responses-hosted-items';
import type { ResponsesFunctionCall, ResponsesReasoningItem } from './openai-responses-api';
import { readCallDataItem, reasoningItemToParts } from './openai-responses-reasoning';
import {
  mergeProviderMetadata,
  type ResponsesServerItemAt,
  serverItemsMetadata,
} from './openai-responses-server-items';

/** Builds the IR parts of an assistant turn from Responses items, in order. */
export type ResponsesContentBuilder = {
  /** The parts so far. */
  readonly parts: AssistantContentPart[];
  /** An `output_text` (or, with `refusal`, a `refusal`) part of a message item. */
  text(text: string, refusal: boolean): void;
  /**
   * An item the provider ran itself: a hosted tool's (`web_search_call`, …) becomes its call and
   * result parts; any other is kept on the text part at its place.
   */
  serverItem(item: JSONObject): void;
  /** A reasoning item (or a call's carrier item, whose data goes onto its call). */
  reasoning(item: ResponsesReasoningItem): void;
  /** A client function call. */
  call(call: ResponsesFunctionCall): void;
  /** A part built elsewhere (an MCP approval request's call). */
  part(part: AssistantContentPart): void;
};

/**
 * A builder whose parts are exactly what `collectStream` folds from the events
 * `decodeStream` yields for the same items, so a body and its stream decode alike:
 * consecutive text (message parts, refusals, provider-executed items) joins into one text part
 * with merged metadata; a reasoning item right after an open reasoning part gets an empty text
 * part between them, as the stream decoder emits one to keep the two apart; a call's carrier
 * item after its call (among the calls just before it) puts its data on the call; any other
 * carrier is left out.
 */
export function createResponsesContentBuilder(): ResponsesContentBuilder {
  const parts: AssistantContentPart[] = [];
  // The server items of the last text part: the metadata holds this very list, so that later
  // items join it without a copy each (a body of many items stays linear).
  let run: { part: TextPart; items: ResponsesServerItemAt[] } | undefined;
  const textRun = (): TextPart => {
    const last = parts.at(-1);
    if (last?.type === 'text') return last;
    const part: TextPart = { type: 'text', text: '' };
    parts.push(part);
    return part;
  };
  return {
    parts,
    text(text, refusal) {
      if (text === '') return;
      const part = textRun();
      part.text += text;
      if (refusal) part.providerMetadata = mergeProviderMetadata(part.providerMetadata, { openai: { refusal: true } });
    },
    serverItem(item) {
      const hosted = decodeResponsesHostedItem(item);
      if (hosted !== undefined) {
        parts.push(...hosted);
        return;
      }
      const part = textRun();
      if (run?.part !== part) run = { part, items: [] };
      run.items.push({ offset: part.text.length, item });
      if (run.items.length === 1)
        part.providerMetadata = mergeProviderMetadata(part.providerMetadata, serverItemsMetadata(run.items));
    },
    reasoning(item) {
      const carried = readCallDataItem(item);
      if (carried !== undefined) {
        // Its call is among the calls just before it (parallel calls stream side by side).
        for (let index = parts.length - 1; index >= 0; index--) {
          const call = parts[index];
          if (call?.type !== 'tool-call') break;
          if (call.id !== carried.callId) continue;
          if (call.providerMetadata === undefined) call.providerMetadata = carried.providerMetadata;
          break;
        }
        return;
      }
      if (isOpenReasoning(parts.at(-1))) parts.push({ type: 'text', text: '' });
      parts.push(...reasoningItemToParts(item));
    },
    call(call) {
      parts.push(toToolCall(call.call_id, call.name, call.arguments));
    },
    part(part) {
      parts.push(part);
    },
  };
}

/** Whether `part` is a reasoning part that a following reasoning delta would extend. */
export function isOpenReasoning(part: AssistantContentPart | undefined): boolean {
  return part?.type === 'reasoning' && part.signature === undefined && part.redacted === undefined;
}
