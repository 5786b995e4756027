import { type ProviderMetadata, providerMetadataSchema, type ReasoningPart, type ToolCall } from '@interlingua/core';
import type { ResponseReasoningItem } from 'openai/resources/responses/responses';
import { z } from 'zod';
import type { ResponsesReasoningItem } from './openai-responses-api';

/**
 * The prefix of an `encrypted_content` that carries another provider's reasoning data (an
 * Anthropic thinking `signature`, a redacted block, a Gemini `thoughtSignature`) through a
 * Responses client: the gateway's `encodeResponse` writes it, the client sends it back
 * unchanged on the next turn, and `decodeRequest` restores the IR part from it. OpenAI's own
 * encrypted content is an opaque token that never starts with this prefix.
 */
export const INTERLINGUA_REASONING_PREFIX = 'interlingua.reasoning.v1:';

const envelopeSchema = z.strictObject({
  signature: z.string().optional(),
  redacted: z.string().optional(),
  providerMetadata: providerMetadataSchema.optional(),
  // Set when the envelope carries a function call's data rather than reasoning: the call's `call_id`.
  call: z.string().optional(),
});
type Envelope = z.infer<typeof envelopeSchema>;

/** The IR reasoning of an item's summary and reasoning text: the segments joined by a blank line. */
export function reasoningItemText(item: ResponsesReasoningItem): string {
  return [...(item.summary ?? []), ...(item.content ?? [])].map((part) => part.text).join('\n\n');
}

/** The data a reasoning item's `encrypted_content` carries back to the IR, in the form of the last stream delta. */
export type ReasoningItemData = Pick<ReasoningPart, 'signature' | 'redacted' | 'providerMetadata'>;

/**
 * What a reasoning item carries besides its text: an Interlingua envelope's fields, or, for
 * OpenAI's own items, `providerMetadata.openai` with `itemId` and `encryptedContent`.
 */
export function reasoningItemData(item: ResponsesReasoningItem): ReasoningItemData {
  const encrypted = item.encrypted_content ?? undefined;
  const envelope = encrypted === undefined ? undefined : readEnvelope(encrypted);
  // A call's carrier item (see callDataItem) is no reasoning: the decoders fold it onto its call.
  if (envelope?.call !== undefined) return {};
  if (envelope !== undefined) {
    return {
      ...(envelope.signature === undefined ? {} : { signature: envelope.signature }),
      ...(envelope.redacted === undefined ? {} : { redacted: envelope.redacted }),
      ...(envelope.providerMetadata === undefined ? {} : { providerMetadata: envelope.providerMetadata }),
    };
  }
  const openai = {
    ...(typeof item.id === 'string' && item.id !== '' ? { itemId: item.id } : {}),
    ...(encrypted === undefined ? {} : { encryptedContent: encrypted }),
  };
  return Object.keys(openai).length === 0 ? {} : { providerMetadata: { openai } };
}

/**
 * The IR parts of one reasoning item, exactly as a stream of it folds: the text with the item's
 * data, or, when the data is a redacted block, the text (if any) and then the redacted part.
 */
export function reasoningItemToParts(item: ResponsesReasoningItem): ReasoningPart[] {
  const text = reasoningItemText(item);
  const data = reasoningItemData(item);
  if (data.redacted === undefined) return [{ type: 'reasoning', text, ...data }];
  const redacted: ReasoningPart = { type: 'reasoning', text: '', ...data };
  return text === '' ? [redacted] : [{ type: 'reasoning', text }, redacted];
}

/** Whether a reasoning part is OpenAI's own (it has an item id or encrypted content under `openai`). */
export function isOpenAIReasoning(part: ReasoningPart): boolean {
  const openai = part.providerMetadata?.openai;
  return typeof openai?.itemId === 'string' || typeof openai?.encryptedContent === 'string';
}

/** The item id and encrypted content of an OpenAI reasoning part. */
export function openAIReasoningIds(part: ReasoningPart): { itemId?: string; encryptedContent?: string } {
  const openai = part.providerMetadata?.openai;
  return {
    ...(typeof openai?.itemId === 'string' ? { itemId: openai.itemId } : {}),
    ...(typeof openai?.encryptedContent === 'string' ? { encryptedContent: openai.encryptedContent } : {}),
  };
}

/**
 * A reasoning part as an output item for a Responses client (the gateway direction). OpenAI's
 * own reasoning keeps its id and encrypted content; any other reasoning gets `fallbackId` and an
 * envelope carrying its signature, redacted data and provider metadata, so it comes back intact.
 */
export function reasoningPartToItem(part: ReasoningPart, fallbackId: string): ResponseReasoningItem {
  const summary = part.text === '' ? [] : [{ type: 'summary_text' as const, text: part.text }];
  if (isOpenAIReasoning(part)) {
    const { itemId, encryptedContent } = openAIReasoningIds(part);
    return {
      type: 'reasoning',
      id: itemId ?? fallbackId,
      summary,
      ...(encryptedContent === undefined ? {} : { encrypted_content: encryptedContent }),
    };
  }
  const envelope: Envelope = {
    ...(part.signature === undefined ? {} : { signature: part.signature }),
    ...(part.redacted === undefined ? {} : { redacted: part.redacted }),
    ...(part.providerMetadata === undefined ? {} : { providerMetadata: part.providerMetadata }),
  };
  return {
    type: 'reasoning',
    id: fallbackId,
    summary,
    encrypted_content: `${INTERLINGUA_REASONING_PREFIX}${JSON.stringify(envelope)}`,
  };
}

// A malformed envelope is kept as opaque encrypted content: nothing is lost, and only the
// provider that issued it could make sense of it.
function readEnvelope(encrypted: string): Envelope | undefined {
  if (!encrypted.startsWith(INTERLINGUA_REASONING_PREFIX)) return undefined;
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(encrypted.slice(INTERLINGUA_REASONING_PREFIX.length)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Another provider's data on a tool call (a Gemini `thoughtSignature` on a `functionCall`), which
 * a `function_call` item has no field for: `undefined` when the call has none.
 */
export function foreignCallMetadata(call: ToolCall): ProviderMetadata | undefined {
  const metadata = call.providerMetadata;
  if (metadata === undefined) return undefined;
  const foreign = Object.keys(metadata).filter((key) => key !== 'openai');
  if (foreign.length === 0) return undefined;
  const out: ProviderMetadata = {};
  for (const key of foreign)
    Object.defineProperty(out, key, { value: metadata[key], enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * The item that carries a call's foreign data through a Responses client (the gateway
 * direction): a `reasoning` item with no summary, right after the `function_call`, whose
 * `encrypted_content` is an envelope naming the call. A client replays it with the call, and the
 * decoders put the data back on the call; `undefined` when the call has no such data.
 */
export function callDataItem(call: ToolCall, id: string): ResponseReasoningItem | undefined {
  const providerMetadata = foreignCallMetadata(call);
  if (providerMetadata === undefined) return undefined;
  const envelope: Envelope = { call: call.id, providerMetadata };
  return {
    type: 'reasoning',
    id,
    summary: [],
    encrypted_content: `${INTERLINGUA_REASONING_PREFIX}${JSON.stringify(envelope)}`,
  };
}

/** The call a carrier item (see {@link callDataItem}) belongs to and the data it carries, or `undefined` for any other item. */
export function readCallDataItem(
  item: ResponsesReasoningItem,
): { callId: string; providerMetadata: ProviderMetadata } | undefined {
  const encrypted = item.encrypted_content ?? undefined;
  const envelope = encrypted === undefined ? undefined : readEnvelope(encrypted);
  if (envelope?.call === undefined) return undefined;
  return { callId: envelope.call, providerMetadata: envelope.providerMetadata ?? {} };
}
