import type { APICallError, InvalidResponseError } from '@interlingua/core';
import { parseWireResponse, safeParseWireResponse } from '@interlingua/core/adapter';
import {
  type AnthropicMessage,
  type AnthropicStreamEvent,
  anthropicMessageSchema,
  anthropicStreamEventSchema,
  isAnthropicMessage,
  isAnthropicStreamEvent,
} from './anthropic-api';
import { readAnthropicErrorBody } from './read-anthropic-error-body';

/**
 * Reads a Messages API response body from `unknown`. Throws the `APICallError` an error body
 * describes (`readAnthropicErrorBody`), or `InvalidResponseError` naming each bad field of a
 * body that is not a Message.
 */
export function parseAnthropicMessage(body: unknown): AnthropicMessage {
  const error = readAnthropicErrorBody(body);
  if (error !== undefined) throw error;
  return parseWireResponse(anthropicMessageSchema, body, 'an Anthropic Message body', isAnthropicMessage);
}

/**
 * Reads one Messages API stream event (an SSE `data` object) from `unknown`, without throwing:
 * the event, or the `APICallError` of an `error` event, or an `InvalidResponseError` naming each
 * bad field (with `unknownType` set when the event's `type` is one this adapter does not know,
 * which the API asks clients to skip).
 */
export function safeParseAnthropicStreamEvent(
  chunk: unknown,
):
  | { success: true; value: AnthropicStreamEvent }
  | { success: false; error: APICallError | InvalidResponseError; unknownType: boolean } {
  const error = readAnthropicErrorBody(chunk);
  if (error !== undefined) return { success: false, error, unknownType: false };
  const parsed = safeParseWireResponse(
    anthropicStreamEventSchema,
    chunk,
    'an Anthropic stream event',
    isAnthropicStreamEvent,
  );
  if (parsed.success) return parsed;
  const type = typeof chunk === 'object' && chunk !== null ? (chunk as { type?: unknown }).type : undefined;
  return { success: false, error: parsed.error, unknownType: typeof type === 'string' && !KNOWN_EVENT_TYPES.has(type) };
}

const KNOWN_EVENT_TYPES = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
  'error',
]);
