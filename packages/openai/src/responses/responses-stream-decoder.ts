import {
  InvalidResponseError,
  type ProviderMetadata,
  type StreamEvent,
  type Usage,
  type Warning,
} from '@interlingua/core';
import { toToolCall } from '../decode-openai-response';
import { readOpenAIErrorBody } from '../read-openai-error-body';
import { decodeResponsesHostedItem } from './convert-openai-responses-hosted-items';
import { convertOpenAIResponsesUsage } from './convert-openai-responses-usage';
import { mapOpenAIResponsesFinishReason, rawOpenAIResponsesFinishReason } from './map-openai-responses-status';
import {
  responsesFunctionCallSchema,
  responsesReasoningItemSchema,
  responsesServerItemSchema,
} from './openai-responses-api';
import { openAIResponsesFailure } from './openai-responses-failure';
import { mcpApprovalRequestToToolCall, responsesMcpApprovalRequestSchema } from './openai-responses-mcp-approval';
import { readCallDataItem, reasoningItemData, reasoningItemText } from './openai-responses-reasoning';
import { type ResponsesServerItemAt, readServerItemJSON } from './openai-responses-server-items';
import {
  isResponsesArgumentsDeltaEvent,
  isResponsesContentDeltaEvent,
  isResponsesEventEnvelope,
  responsesArgumentsDeltaEventSchema,
  responsesContentDeltaEventSchema,
  responsesContentPartEventSchema,
  responsesErrorEventSchema,
  responsesEventEnvelopeSchema,
  responsesItemEventSchema,
  responsesLifecycleEventSchema,
  responsesMessageItemSchema,
  responsesSummaryDeltaEventSchema,
  responsesSummaryPartEventSchema,
  responsesSummaryTextDoneEventSchema,
} from './openai-responses-stream-schemas';
import { parseResponseItemAt } from './parse-responses-item';

type OpenItem =
  | { kind: 'message'; emitted: Set<number> }
  | { kind: 'reasoning'; segments: number; emittedText: boolean; deltas: Set<number> }
  | { kind: 'call'; callId: string; name: string; argsText: string; ended: boolean }
  | { kind: 'server' }
  // An MCP approval request: one call, emitted whole when the item is done.
  | { kind: 'approval'; emitted: boolean }
  // A call's carrier item (see callDataItem): its data went onto the call.
  | { kind: 'carrier' };

/** The last IR part the emitted events build, as far as folding is concerned. */
type LastPart = 'none' | 'text' | 'open-reasoning' | 'closed-reasoning' | 'call' | 'hosted';

/** What one stream event turns into: IR events, and whether the stream is over. */
export type ResponsesStreamStep = { events: StreamEvent[]; done: boolean };

/**
 * The state machine behind `decodeStream`: one Responses event in, the IR events it means out,
 * in an order whose fold (`collectStream`) equals `decodeResponse` of the final response.
 * Throws `InvalidResponseError` for an event it cannot read.
 */
export function createResponsesStreamDecoder(): {
  push(raw: unknown): ResponsesStreamStep;
  /** The events when the source ended without a terminal event: an `error`. */
  end(): StreamEvent[];
} {
  const items = new Map<number, OpenItem>();
  const warnings: Warning[] = [];
  let id: string | undefined;
  let model: string | undefined;
  let last: LastPart = 'none';
  let run: { length: number; serverItems: ResponsesServerItemAt[] } = { length: 0, serverItems: [] };
  let refused = false;
  let hasToolCalls = false;
  // Calls that are done but not yet ended in IR: a carrier item with their data may follow.
  let held: { callId: string; name: string; argsText: string; providerMetadata?: ProviderMetadata }[] = [];

  const text = (out: StreamEvent[], value: string, refusal: boolean): void => {
    if (value === '') return;
    if (last !== 'text') run = { length: 0, serverItems: [] };
    last = 'text';
    run.length += value.length;
    if (refusal) refused = true;
    out.push(
      refusal
        ? { type: 'text-delta', text: value, providerMetadata: { openai: { refusal: true } } }
        : { type: 'text-delta', text: value },
    );
  };
  const reasoningText = (out: StreamEvent[], item: OpenItem & { kind: 'reasoning' }, value: string): void => {
    if (value === '') return;
    item.emittedText = true;
    last = 'open-reasoning';
    out.push({ type: 'reasoning-delta', text: value });
  };
  const itemAt = (outputIndex: number, path: string): OpenItem => {
    const item = items.get(outputIndex);
    if (item === undefined) {
      throw new InvalidResponseError({
        message: `Expected response.output_item.added for output_index ${outputIndex} before ${path}, got none.`,
      });
    }
    return item;
  };
  const endCall = (item: OpenItem & { kind: 'call' }, argsText: string): void => {
    if (item.ended) return;
    item.ended = true;
    last = 'call';
    held.push({ callId: item.callId, name: item.name, argsText });
  };
  // Ends the held calls, once no carrier item can follow them any more.
  const flushCalls = (out: StreamEvent[]): void => {
    for (const call of held) {
      const toolCall = toToolCall(call.callId, call.name, call.argsText);
      if (call.providerMetadata !== undefined) toolCall.providerMetadata = call.providerMetadata;
      out.push({ type: 'tool-call-end', toolCall });
    }
    held = [];
  };
  // A carrier item for a held call: its data goes onto the call; `undefined` for any other item.
  const carrier = (type: string, raw: unknown): OpenItem | undefined => {
    if (type !== 'reasoning') return undefined;
    const parsed = responsesReasoningItemSchema.safeParse(raw);
    const carried = parsed.success ? readCallDataItem(parsed.data) : undefined;
    if (carried === undefined) return undefined;
    const call = held.find((entry) => entry.callId === carried.callId);
    if (call !== undefined) call.providerMetadata ??= carried.providerMetadata;
    return { kind: 'carrier' };
  };
  const startItem = (out: StreamEvent[], outputIndex: number, raw: unknown, path: string[]): OpenItem => {
    const { type } = parseResponseItemAt(responsesServerItemSchema, raw, path);
    const carried = carrier(type, raw);
    if (carried !== undefined) {
      items.set(outputIndex, carried);
      return carried;
    }
    flushCalls(out);
    let item: OpenItem;
    if (type === 'message') item = { kind: 'message', emitted: new Set() };
    else if (type === 'reasoning') {
      // Two reasoning items in a row would fold into one part: an empty text part keeps them apart.
      if (last === 'open-reasoning') {
        last = 'text';
        run = { length: 0, serverItems: [] };
        out.push({ type: 'text-delta', text: '' });
      }
      item = { kind: 'reasoning', segments: 0, emittedText: false, deltas: new Set() };
    } else if (type === 'function_call') {
      const call = parseResponseItemAt(responsesFunctionCallSchema, raw, path);
      item = { kind: 'call', callId: call.call_id, name: call.name, argsText: call.arguments, ended: false };
      hasToolCalls = true;
      last = 'call';
      out.push({ type: 'tool-call-start', id: call.call_id, name: call.name });
      if (call.arguments !== '') out.push({ type: 'tool-call-delta', id: call.call_id, argsTextDelta: call.arguments });
    } else if (type === 'mcp_approval_request') item = { kind: 'approval', emitted: false };
    else item = { kind: 'server' };
    items.set(outputIndex, item);
    return item;
  };

  const finishItem = (out: StreamEvent[], outputIndex: number, raw: unknown): void => {
    const path = ['response.output_item.done', 'item'];
    const item = items.get(outputIndex) ?? startItem(out, outputIndex, raw, path);
    switch (item.kind) {
      case 'message': {
        const content = parseResponseItemAt(responsesMessageItemSchema, raw, path).content;
        content.forEach((part, index) => {
          if (item.emitted.has(index)) return;
          item.emitted.add(index);
          if (part.type === 'output_text' && typeof part.text === 'string') text(out, part.text, false);
          if (part.type === 'refusal' && typeof part.refusal === 'string') text(out, part.refusal, true);
        });
        return;
      }
      case 'reasoning': {
        const reasoning = parseResponseItemAt(responsesReasoningItemSchema, raw, path);
        // A server that sends the summary only in the finished item still gets its text across.
        if (!item.emittedText) reasoningText(out, item, reasoningItemText(reasoning));
        const data = reasoningItemData(reasoning);
        out.push({ type: 'reasoning-delta', text: '', ...data });
        last = data.signature !== undefined || data.redacted !== undefined ? 'closed-reasoning' : 'open-reasoning';
        return;
      }
      case 'call': {
        const call = parseResponseItemAt(responsesFunctionCallSchema, raw, path);
        endCall(item, call.arguments);
        return;
      }
      case 'carrier':
        return;
      case 'approval': {
        if (item.emitted) return;
        item.emitted = true;
        const toolCall = mcpApprovalRequestToToolCall(
          parseResponseItemAt(responsesMcpApprovalRequestSchema, raw, path),
        );
        hasToolCalls = true;
        last = 'call';
        // Whole, without a start: the request is no call being written, and an encoder can tell it apart.
        out.push({ type: 'tool-call-end', toolCall });
        return;
      }
      case 'server': {
        const json = readServerItemJSON(raw, path);
        if (!json.success)
          throw new InvalidResponseError({ message: `Expected a Responses API response: ${json.message}` });
        const hosted = decodeResponsesHostedItem(json.value);
        if (hosted !== undefined) {
          // A hosted tool's item is its call and result parts; the text after it is a new part.
          for (const part of hosted)
            out.push(
              part.type === 'hosted-tool-call'
                ? { type: 'hosted-tool-call', call: part }
                : { type: 'hosted-tool-result', result: part },
            );
          last = 'hosted';
          return;
        }
        if (last !== 'text') run = { length: 0, serverItems: [] };
        last = 'text';
        run.serverItems = [...run.serverItems, { offset: run.length, item: json.value }];
        out.push({ type: 'text-delta', text: '', providerMetadata: { openai: { serverItems: run.serverItems } } });
        return;
      }
      default: {
        const exhaustive: never = item;
        throw new InvalidResponseError({ message: `Unknown item state ${JSON.stringify(exhaustive)}` });
      }
    }
  };

  const finish = (out: StreamEvent[], raw: unknown, type: string): void => {
    const { response } = parseResponseItemAt(responsesLifecycleEventSchema, raw, [type]);
    for (const item of items.values()) if (item.kind === 'call') endCall(item, item.argsText);
    flushCalls(out);
    const usage: Usage = convertOpenAIResponsesUsage(response.usage, warnings);
    const status = response.status ?? (type === 'response.incomplete' ? 'incomplete' : 'completed');
    const incompleteReason = response.incomplete_details?.reason;
    const responseId = response.id ?? id;
    const responseModel = response.model ?? model;
    out.push({
      type: 'finish',
      finishReason: mapOpenAIResponsesFinishReason({ status, incompleteReason, refused, hasToolCalls }),
      rawFinishReason: rawOpenAIResponsesFinishReason(status, incompleteReason),
      usage,
      ...(responseId ? { id: responseId } : {}),
      ...(responseModel ? { model: responseModel } : {}),
      warnings,
    });
  };

  return {
    push(raw) {
      const out: StreamEvent[] = [];
      // An error body in place of an event (`{ "error": { … } }`, no `type`): the error it describes.
      const errorBody =
        typeof raw === 'object' && raw !== null && !Object.hasOwn(raw, 'type') ? readOpenAIErrorBody(raw) : undefined;
      if (errorBody !== undefined) return { events: [{ type: 'error', error: errorBody }], done: true };
      const { type } = isResponsesEventEnvelope(raw)
        ? raw
        : parseResponseItemAt(responsesEventEnvelopeSchema, raw, ['event']);
      switch (type) {
        case 'response.created':
        case 'response.in_progress':
        case 'response.queued': {
          const { response } = parseResponseItemAt(responsesLifecycleEventSchema, raw, [type]);
          if (response.id) id = response.id;
          if (response.model) model = response.model;
          break;
        }
        case 'response.output_item.added': {
          const event = parseResponseItemAt(responsesItemEventSchema, raw, [type]);
          startItem(out, event.output_index, event.item, [type, 'item']);
          break;
        }
        case 'response.output_item.done': {
          const event = parseResponseItemAt(responsesItemEventSchema, raw, [type]);
          finishItem(out, event.output_index, event.item);
          break;
        }
        case 'response.content_part.added':
        case 'response.content_part.done': {
          const event = parseResponseItemAt(responsesContentPartEventSchema, raw, [type]);
          const item = itemAt(event.output_index, type);
          const { part } = event;
          if (item.kind === 'reasoning' && part.type === 'reasoning_text' && type.endsWith('added')) {
            if (item.segments++ > 0) reasoningText(out, item, '\n\n');
          }
          if (item.kind !== 'message') break;
          if (part.type !== 'output_text' && part.type !== 'refusal') {
            if (type.endsWith('added')) warnings.push(unsupportedPart(part.type));
            break;
          }
          // A part whose text came only whole (no deltas) is sent when it is done.
          if (type.endsWith('done') && !item.emitted.has(event.content_index)) {
            item.emitted.add(event.content_index);
            text(out, (part.type === 'refusal' ? part.refusal : part.text) ?? '', part.type === 'refusal');
          }
          break;
        }
        case 'response.output_text.delta':
        case 'response.refusal.delta': {
          const event = isResponsesContentDeltaEvent(raw)
            ? raw
            : parseResponseItemAt(responsesContentDeltaEventSchema, raw, [type]);
          const item = itemAt(event.output_index, type);
          if (item.kind !== 'message') break;
          item.emitted.add(event.content_index ?? 0);
          text(out, event.delta, type === 'response.refusal.delta');
          break;
        }
        case 'response.reasoning_summary_part.added': {
          const event = parseResponseItemAt(responsesSummaryPartEventSchema, raw, [type]);
          const item = itemAt(event.output_index, type);
          if (item.kind === 'reasoning' && item.segments++ > 0) reasoningText(out, item, '\n\n');
          break;
        }
        case 'response.reasoning_summary_text.delta': {
          const event = parseResponseItemAt(responsesSummaryDeltaEventSchema, raw, [type]);
          const item = itemAt(event.output_index, type);
          if (item.kind !== 'reasoning') break;
          item.deltas.add(event.summary_index);
          reasoningText(out, item, event.delta);
          break;
        }
        case 'response.reasoning_text.delta': {
          const event = isResponsesContentDeltaEvent(raw)
            ? raw
            : parseResponseItemAt(responsesContentDeltaEventSchema, raw, [type]);
          const item = itemAt(event.output_index, type);
          if (item.kind === 'reasoning') reasoningText(out, item, event.delta);
          break;
        }
        case 'response.reasoning_summary_text.done': {
          const event = parseResponseItemAt(responsesSummaryTextDoneEventSchema, raw, [type]);
          const item = itemAt(event.output_index, type);
          // A summary part whose text came only whole (no deltas) is sent when it is done.
          if (item.kind !== 'reasoning' || item.deltas.has(event.summary_index)) break;
          item.deltas.add(event.summary_index);
          reasoningText(out, item, event.text);
          break;
        }
        case 'response.function_call_arguments.delta': {
          const event = isResponsesArgumentsDeltaEvent(raw)
            ? raw
            : parseResponseItemAt(responsesArgumentsDeltaEventSchema, raw, [type]);
          const item = itemAt(event.output_index, type);
          if (item.kind !== 'call' || item.ended || event.delta === '') break;
          item.argsText += event.delta;
          out.push({ type: 'tool-call-delta', id: item.callId, argsTextDelta: event.delta });
          break;
        }
        case 'response.completed':
        case 'response.incomplete':
          finish(out, raw, type);
          return { events: out, done: true };
        case 'response.failed': {
          const { response } = parseResponseItemAt(responsesLifecycleEventSchema, raw, [type]);
          flushCalls(out);
          out.push({ type: 'error', error: openAIResponsesFailure(response.error, raw) });
          return { events: out, done: true };
        }
        case 'error': {
          const event = parseResponseItemAt(responsesErrorEventSchema, raw, [type]);
          const error = {
            code: event.code ?? event.error?.code ?? event.error?.type,
            message: event.message ?? event.error?.message,
          };
          flushCalls(out);
          out.push({ type: 'error', error: openAIResponsesFailure(error, raw) });
          return { events: out, done: true };
        }
      }
      // Anything else (progress events of hosted tools, annotations, keepalives, …) is nothing for the IR.
      return { events: out, done: false };
    },
    end() {
      const out: StreamEvent[] = [];
      flushCalls(out);
      return [
        ...out,
        {
          type: 'error',
          error: new InvalidResponseError({
            message:
              'Expected response.completed, response.incomplete or response.failed, but the stream ended without one (the connection was cut off).',
          }),
        },
      ];
    },
  };
}

function unsupportedPart(type: string): Warning {
  return {
    type: 'unsupported',
    feature: `output.content.${type}`,
    message: `A message content part of type "${type}" has no IR equivalent; it was left out.`,
  };
}
