import type { Codec, StreamEvent } from '@interlingua/core';
import type { AnthropicMessagesRequest } from './anthropic-api';
import { decodeAnthropicRequest } from './decode-anthropic-request';
import { decodeAnthropicResponse } from './decode-anthropic-response';
import { decodeAnthropicStream } from './decode-anthropic-stream';
import { type AnthropicEncodeRequestOptions, encodeAnthropicRequest } from './encode-anthropic-request';
import { type AnthropicMessageBody, encodeAnthropicResponse } from './encode-anthropic-response';
import {
  type AnthropicEncodeStreamOptions,
  type AnthropicStreamChunk,
  encodeAnthropicStream,
} from './encode-anthropic-stream';

/** The Anthropic codec's type: Messages API bodies and SSE `data` objects as its native forms. */
export type AnthropicCodec = Codec<
  AnthropicMessagesRequest,
  AnthropicMessageBody,
  unknown,
  AnthropicEncodeRequestOptions
> & {
  encodeStream(
    events: AsyncIterable<StreamEvent>,
    options?: AnthropicEncodeStreamOptions,
  ): AsyncIterable<AnthropicStreamChunk>;
};

/**
 * The Anthropic Messages API codec: six pure functions between the IR and the Messages API,
 * in both directions (no network, no clock, no environment).
 *
 * @example
 * ```ts
 * import { anthropicCodec } from '@interlingua/anthropic';
 *
 * const { value: body } = anthropicCodec.encodeRequest(
 *   { system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
 *   { model: 'claude-sonnet-4-6' },
 * );
 * // body: { model: 'claude-sonnet-4-6', max_tokens: 4096, system: 'Be brief.', messages: [...] }
 * ```
 * @see https://docs.anthropic.com/en/api/messages
 */
export const anthropicCodec: AnthropicCodec = {
  provider: 'anthropic',
  encodeRequest: encodeAnthropicRequest,
  decodeResponse: decodeAnthropicResponse,
  decodeStream: decodeAnthropicStream,
  decodeRequest: decodeAnthropicRequest,
  encodeResponse: encodeAnthropicResponse,
  encodeStream: encodeAnthropicStream,
};
