import type { Codec } from '@interlingua/core';
import { decodeOpenAIResponsesRequest } from './decode-openai-responses-request';
import { decodeOpenAIResponsesResponse } from './decode-openai-responses-response';
import { decodeOpenAIResponsesStream } from './decode-openai-responses-stream';
import { encodeOpenAIResponsesRequest } from './encode-openai-responses-request';
import { encodeOpenAIResponsesResponse } from './encode-openai-responses-response';
import { encodeOpenAIResponsesStream } from './encode-openai-responses-stream';
import type {
  OpenAIResponsesRequestBody,
  OpenAIResponsesResponseBody,
  OpenAIResponsesStreamEvent,
} from './openai-responses-api';
import type {
  OpenAIResponsesEncodeRequestOptions,
  OpenAIResponsesEncodeResponseOptions,
} from './openai-responses-settings';

/** The Responses codec's type: Responses bodies and stream events, with its encode options. */
export type OpenAIResponsesCodec = Codec<
  OpenAIResponsesRequestBody,
  OpenAIResponsesResponseBody,
  OpenAIResponsesStreamEvent,
  OpenAIResponsesEncodeRequestOptions
> & {
  encodeResponse(
    response: Parameters<typeof encodeOpenAIResponsesResponse>[0],
    options?: OpenAIResponsesEncodeResponseOptions,
  ): ReturnType<typeof encodeOpenAIResponsesResponse>;
  encodeStream(
    events: Parameters<typeof encodeOpenAIResponsesStream>[0],
    options?: OpenAIResponsesEncodeResponseOptions,
  ): AsyncIterable<OpenAIResponsesStreamEvent>;
};

/**
 * The OpenAI Responses API codec: six pure functions between the IR and `/v1/responses`
 * (requests, responses and the semantic stream events, in both directions). Stateless: requests
 * carry the whole history with `store: false`, reasoning is replayed from its encrypted content,
 * and `previous_response_id` is refused by `decodeRequest`. Its `providerOptions` and
 * `providerMetadata` key is `openai`, shared with the Chat Completions codec.
 *
 * @example
 * import { openaiResponsesCodec } from '@interlingua/openai';
 * const { value: body } = openaiResponsesCodec.encodeRequest(
 *   { system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
 *   { model: 'gpt-5' },
 * );
 * // body: { model: 'gpt-5', instructions: 'Be brief.', input: [...], store: false, include: ['reasoning.encrypted_content'] }
 *
 * @see https://platform.openai.com/docs/api-reference/responses
 */
export const openaiResponsesCodec: OpenAIResponsesCodec = {
  provider: 'openai',
  encodeRequest: encodeOpenAIResponsesRequest,
  decodeResponse: decodeOpenAIResponsesResponse,
  decodeStream: decodeOpenAIResponsesStream,
  decodeRequest: decodeOpenAIResponsesRequest,
  encodeResponse: encodeOpenAIResponsesResponse,
  encodeStream: encodeOpenAIResponsesStream,
};
