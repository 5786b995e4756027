import type { HostedToolCall, HostedToolResult, ReasoningPart, StreamEvent, ToolCall } from '@interlingua/core';
import { renderHostedToolPart } from '@interlingua/core/adapter';
import type {
  ResponseOutputItem,
  ResponseOutputMessage,
  ResponseOutputRefusal,
  ResponseOutputText,
} from 'openai/resources/responses/responses';
import { buildResponsesHostedItem, isResultInItem } from './convert-openai-responses-hosted-items';
import { convertToOpenAIResponsesUsage } from './convert-openai-responses-usage';
import { outputFunctionCall, outputItemId } from './convert-to-openai-responses-output';
import { convertToOpenAIResponsesTerminal } from './map-openai-responses-status';
import type { OpenAIResponsesStreamEvent } from './openai-responses-api';
import { isMcpApprovalCall, toMcpApprovalRequestItem } from './openai-responses-mcp-approval';
import { openAIResponsesObject } from './openai-responses-object';
import { callDataItem, reasoningPartToItem } from './openai-responses-reasoning';
import { type ResponsesServerItemAt, readServerItems } from './openai-responses-server-items';

type Part = ResponseOutputText | ResponseOutputRefusal;
type OpenMessage = { kind: 'message'; index: number; id: string; parts: Part[]; text: string; refusal: boolean };
type OpenReasoning = { kind: 'reasoning'; index: number; id: string; summary: boolean; part: ReasoningPart };
type OpenCall = { index: number; id: string; name: string; callId: string; argsText: string; sent: boolean };

/**
 * The state machine behind `encodeStream`: IR events in, Responses events out, in the order the
 * API sends them — `response.created` and `.in_progress`, then per item `output_item.added`,
 * its content events (`content_part.added`, `output_text.delta` / `refusal.delta`, `.done`,
 * `content_part.done`; `reasoning_summary_part.added`, `reasoning_summary_text.delta`, `.done`,
 * `reasoning_summary_part.done`; `function_call_arguments.delta`, `.done`) and
 * `output_item.done` (a call with another provider's data is followed by its carrier item, see
 * `callDataItem`), and last `response.completed` / `.incomplete` / `.failed` carrying the
 * whole response — every event with its `sequence_number`, `output_index` and `item_id`.
 */
export function createResponsesStreamEncoder(options: { id: string; model: string; createdAt: number }): {
  push(event: StreamEvent): OpenAIResponsesStreamEvent[];
} {
  let sequence = 0;
  let responseId = options.id;
  let model = options.model;
  let started = false;
  let ended = false;
  const output: ResponseOutputItem[] = [];
  const calls = new Map<string, OpenCall>();
  let open: OpenMessage | OpenReasoning | undefined;
  let run: { length: number; items: number } | undefined;
  let out: OpenAIResponsesStreamEvent[] = [];

  const emit = (event: Record<string, unknown>): void => {
    const { type, ...rest } = event;
    out.push({ type, sequence_number: sequence++, ...rest } as unknown as OpenAIResponsesStreamEvent);
  };
  const lifecycle = (type: string, fields: Parameters<typeof openAIResponsesObject>[0]): void =>
    emit({ type, response: openAIResponsesObject(fields) });
  const base = { createdAt: options.createdAt, output: [] };

  const closeMessage = (message: OpenMessage): void => {
    const common = { item_id: message.id, output_index: message.index, content_index: message.parts.length };
    const part: Part = message.refusal
      ? { type: 'refusal', refusal: message.text }
      : { type: 'output_text', annotations: [], logprobs: [], text: message.text };
    if (message.refusal) emit({ type: 'response.refusal.done', ...common, refusal: message.text });
    else emit({ type: 'response.output_text.done', ...common, text: message.text, logprobs: [] });
    emit({ type: 'response.content_part.done', ...common, part });
    message.parts.push(part);
  };
  const openPart = (message: OpenMessage, refusal: boolean): void => {
    message.text = '';
    message.refusal = refusal;
    const part: Part = refusal
      ? { type: 'refusal', refusal: '' }
      : { type: 'output_text', annotations: [], logprobs: [], text: '' };
    emit({
      type: 'response.content_part.added',
      item_id: message.id,
      output_index: message.index,
      content_index: message.parts.length,
      part,
    });
  };
  const closeOpen = (): void => {
    if (open === undefined) return;
    const item = open;
    open = undefined;
    if (item.kind === 'message') {
      closeMessage(item);
      const done: ResponseOutputMessage = {
        id: item.id,
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: item.parts,
      };
      output[item.index] = done;
      emit({ type: 'response.output_item.done', output_index: item.index, item: done });
      return;
    }
    const common = { item_id: item.id, output_index: item.index, summary_index: 0 };
    if (item.summary) {
      emit({ type: 'response.reasoning_summary_text.done', ...common, text: item.part.text });
      emit({
        type: 'response.reasoning_summary_part.done',
        ...common,
        part: { type: 'summary_text', text: item.part.text },
      });
    }
    const done = reasoningPartToItem(item.part, item.id);
    output[item.index] = done;
    emit({ type: 'response.output_item.done', output_index: item.index, item: done });
  };
  const addItem = (kind: 'msg' | 'rs' | 'fc', item: (id: string) => ResponseOutputItem) => {
    const index = output.length;
    const id = outputItemId(kind, responseId, index);
    const added = item(id);
    output.push(added);
    emit({ type: 'response.output_item.added', output_index: index, item: added });
    return { index, id };
  };

  const text = (value: string, refusal: boolean): void => {
    if (value === '') return;
    if (open?.kind !== 'message') {
      closeOpen();
      const { index, id } = addItem('msg', (itemId) => ({
        id: itemId,
        type: 'message',
        status: 'in_progress',
        role: 'assistant',
        content: [],
      }));
      open = { kind: 'message', index, id, parts: [], text: '', refusal };
      openPart(open, refusal);
    } else if (open.refusal !== refusal) {
      closeMessage(open);
      openPart(open, refusal);
    }
    const common = { item_id: open.id, output_index: open.index, content_index: open.parts.length, delta: value };
    if (refusal) emit({ type: 'response.refusal.delta', ...common });
    else emit({ type: 'response.output_text.delta', ...common, logprobs: [] });
    open.text += value;
    if (run !== undefined) run.length += value.length;
  };
  // A hosted call waits for its result (the next event, as every decoder emits them): both go
  // out as one item, as OpenAI sends them.
  let hostedCall: HostedToolCall | undefined;
  const hostedItem = (call: HostedToolCall, result: HostedToolResult | undefined): void => {
    const item = buildResponsesHostedItem(call, result);
    if (item === undefined) {
      text(renderHostedToolPart(call), false);
      if (result !== undefined) text(`\n${renderHostedToolPart(result)}`, false);
      return;
    }
    serverItem({ offset: 0, item });
  };
  const flushHostedCall = (): void => {
    if (hostedCall === undefined) return;
    const call = hostedCall;
    hostedCall = undefined;
    hostedItem(call, undefined);
  };
  const hostedResult = (result: HostedToolResult): void => {
    if (hostedCall !== undefined && hostedCall.id === result.callId) {
      const call = hostedCall;
      hostedCall = undefined;
      hostedItem(call, result);
    } else {
      flushHostedCall();
      if (!isResultInItem(result)) text(renderHostedToolPart(result), false);
    }
  };
  const serverItem = (entry: ResponsesServerItemAt): void => {
    closeOpen();
    const index = output.length;
    const item = entry.item as unknown as ResponseOutputItem;
    output.push(item);
    emit({ type: 'response.output_item.added', output_index: index, item });
    emit({ type: 'response.output_item.done', output_index: index, item });
  };
  const textDelta = (event: StreamEvent & { type: 'text-delta' }): void => {
    run ??= { length: 0, items: 0 };
    const refusal = event.providerMetadata?.openai?.refusal === true;
    // Server items ride on the text as a list that grows delta by delta, each at its offset.
    const pending = readServerItems(event.providerMetadata).slice(run.items);
    let rest = event.text;
    for (const entry of pending) {
      const at = Math.min(Math.max(entry.offset - run.length, 0), rest.length);
      text(rest.slice(0, at), refusal);
      rest = rest.slice(at);
      serverItem(entry);
      run.items++;
    }
    text(rest, refusal);
  };
  const reasoning = (event: StreamEvent & { type: 'reasoning-delta' }): void => {
    // A redacted delta is a block of its own.
    if (open?.kind !== 'reasoning' || event.redacted !== undefined) {
      closeOpen();
      const { index, id } = addItem('rs', (itemId) => ({ id: itemId, type: 'reasoning', summary: [] }));
      open = { kind: 'reasoning', index, id, summary: false, part: { type: 'reasoning', text: '' } };
    }
    const item = open;
    if (event.text !== '') {
      const common = { item_id: item.id, output_index: item.index, summary_index: 0 };
      if (!item.summary) {
        item.summary = true;
        emit({ type: 'response.reasoning_summary_part.added', ...common, part: { type: 'summary_text', text: '' } });
      }
      emit({ type: 'response.reasoning_summary_text.delta', ...common, delta: event.text });
      item.part.text += event.text;
    }
    if (event.providerMetadata !== undefined) item.part.providerMetadata = event.providerMetadata;
    if (event.signature !== undefined) item.part.signature = event.signature;
    if (event.redacted !== undefined) item.part.redacted = event.redacted;
    if (event.signature !== undefined || event.redacted !== undefined) closeOpen();
  };
  const startCall = (callId: string, name: string): OpenCall => {
    closeOpen();
    const { index, id } = addItem('fc', (itemId) => ({
      id: itemId,
      type: 'function_call',
      status: 'in_progress',
      call_id: callId,
      name,
      arguments: '',
    }));
    const call = { index, id, name, callId, argsText: '', sent: false };
    calls.set(callId, call);
    return call;
  };
  const argsDelta = (call: OpenCall, delta: string): void => {
    if (delta === '') return;
    call.sent = true;
    call.argsText += delta;
    emit({ type: 'response.function_call_arguments.delta', item_id: call.id, output_index: call.index, delta });
  };
  const endCall = (call: OpenCall, toolCall: ToolCall): void => {
    calls.delete(call.callId);
    const done = outputFunctionCall(call.id, toolCall);
    if (!call.sent) argsDelta(call, done.arguments);
    emit({
      type: 'response.function_call_arguments.done',
      item_id: call.id,
      output_index: call.index,
      name: call.name,
      arguments: done.arguments,
    });
    output[call.index] = done;
    emit({ type: 'response.output_item.done', output_index: call.index, item: done });
    // Another provider's data on the call rides in a carrier item right after it.
    const carrier = callDataItem(toolCall, outputItemId('rs', responseId, output.length));
    if (carrier !== undefined) {
      const index = output.length;
      output.push(carrier);
      emit({ type: 'response.output_item.added', output_index: index, item: carrier });
      emit({ type: 'response.output_item.done', output_index: index, item: carrier });
    }
  };
  const closeAll = (): void => {
    closeOpen();
    for (const call of [...calls.values()]) {
      endCall(call, { type: 'tool-call', id: call.callId, name: call.name, args: {}, argsText: call.argsText });
    }
  };

  return {
    push(event) {
      out = [];
      if (ended) return out;
      if (!started) {
        started = true;
        lifecycle('response.created', { ...base, id: responseId, model, status: 'in_progress' });
        lifecycle('response.in_progress', { ...base, id: responseId, model, status: 'in_progress' });
      }
      if (event.type !== 'text-delta') run = undefined;
      if (event.type !== 'hosted-tool-result') flushHostedCall();
      switch (event.type) {
        case 'hosted-tool-call':
          closeOpen();
          hostedCall = event.call;
          break;
        case 'hosted-tool-result':
          hostedResult(event.result);
          break;
        case 'text-delta':
          textDelta(event);
          break;
        case 'reasoning-delta':
          reasoning(event);
          break;
        case 'tool-call-start':
          if (!calls.has(event.id)) startCall(event.id, event.name);
          break;
        case 'tool-call-delta': {
          const call = calls.get(event.id);
          if (call !== undefined) argsDelta(call, event.argsTextDelta);
          break;
        }
        case 'tool-call-end': {
          const open = calls.get(event.toolCall.id);
          if (open === undefined && isMcpApprovalCall(event.toolCall)) {
            // A provider's approval request: one item, added and done, as the API streams it.
            const index = output.length;
            const item = toMcpApprovalRequestItem(event.toolCall) as ResponseOutputItem;
            output.push(item);
            emit({ type: 'response.output_item.added', output_index: index, item });
            emit({ type: 'response.output_item.done', output_index: index, item });
            break;
          }
          endCall(open ?? startCall(event.toolCall.id, event.toolCall.name), event.toolCall);
          break;
        }
        case 'finish': {
          closeAll();
          ended = true;
          if (event.id !== undefined && responseId === options.id) responseId = event.id;
          if (event.model !== undefined) model = event.model;
          const terminal = convertToOpenAIResponsesTerminal(event.finishReason);
          const type =
            terminal.status === 'completed'
              ? 'response.completed'
              : terminal.status === 'incomplete'
                ? 'response.incomplete'
                : 'response.failed';
          lifecycle(type, {
            id: responseId,
            createdAt: options.createdAt,
            model,
            status: terminal.status,
            output: [...output],
            usage: convertToOpenAIResponsesUsage(event.usage),
            incompleteDetails: terminal.incompleteDetails,
            ...(terminal.status === 'failed'
              ? { error: { code: 'server_error', message: 'The model call failed.' } }
              : {}),
          });
          break;
        }
        case 'error': {
          closeAll();
          ended = true;
          lifecycle('response.failed', {
            id: responseId,
            createdAt: options.createdAt,
            model,
            status: 'failed',
            output: [...output],
            error: describeError(event.error),
          });
          break;
        }
        default: {
          const exhaustive: never = event;
          throw new Error(`Unknown stream event ${JSON.stringify(exhaustive)}`);
        }
      }
      return out;
    },
  };
}

function describeError(error: unknown): { code: string; message: string } {
  const code =
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { providerErrorType?: unknown }).providerErrorType === 'string'
      ? (error as { providerErrorType: string }).providerErrorType
      : 'server_error';
  const message = error instanceof Error ? error.message : 'The model call failed.';
  return { code, message };
}
