import type { Codec } from '@interlingua/core';
import { decodeOpenAIRequest } from './decode-openai-request';
import { decodeOpenAIResponse } from './decode-openai-response';
import { decodeOpenAIStream } from './decode-openai-stream';
import { encodeOpenAIRequest } from './encode-openai-request';
import { encodeOpenAIResponse } from './encode-openai-response';
import { encodeOpenAIStream } from './encode-openai-stream';
import type { OpenAIChatChunk, OpenAIChatRequestBody, OpenAIChatResponseBody } from './openai-api';
import type { OpenAIEncodeRequestOptions, OpenAIEncodeResponseOptions } from './openai-compat';

/** The OpenAI codec's type: Chat Completions bodies and chunks, with compat options. */
export type OpenAICodec = Codec<
  OpenAIChatRequestBody,
  OpenAIChatResponseBody,
  OpenAIChatChunk,
  OpenAIEncodeRequestOptions
> & {
  encodeResponse(
    response: Parameters<typeof encodeOpenAIResponse>[0],
    options?: OpenAIEncodeResponseOptions,
  ): ReturnType<typeof encodeOpenAIResponse>;
  encodeStream(
    events: Parameters<typeof encodeOpenAIStream>[0],
    options?: OpenAIEncodeResponseOptions,
  ): AsyncIterable<OpenAIChatChunk>;
};

/**
 * The Chat Completions codec: six pure functions between the IR and the OpenAI wire format
 * (requests, responses and streams, in both directions). Works for every OpenAI-compatible
 * server; compat differences are options of `encodeRequest`.
 *
 * @example
 * import { openaiCodec } from '@interlingua/openai';
 * const { value: body, warnings } = openaiCodec.encodeRequest(
 *   { system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
 *   { model: 'gpt-4.1' },
 * );
 *
 * @see https://platform.openai.com/docs/api-reference/chat
 */
export const openaiCodec: OpenAICodec = {
  provider: 'openai',
  encodeRequest: encodeOpenAIRequest,
  decodeResponse: decodeOpenAIResponse,
  decodeStream: decodeOpenAIStream,
  decodeRequest: decodeOpenAIRequest,
  encodeResponse: encodeOpenAIResponse,
  encodeStream: encodeOpenAIStream,
};
