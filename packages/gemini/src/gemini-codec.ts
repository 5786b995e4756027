import type { Codec, ModelResponse, StreamEvent } from '@interlingua/core';
import { decodeGeminiRequest } from './decode-gemini-request';
import { decodeGeminiResponse, type GeminiDecodeOptions } from './decode-gemini-response';
import { decodeGeminiStream } from './decode-gemini-stream';
import { encodeGeminiRequest, type GeminiEncodeRequestOptions } from './encode-gemini-request';
import { encodeGeminiResponse } from './encode-gemini-response';
import { encodeGeminiStream } from './encode-gemini-stream';
import type { GeminiRequestBody, GeminiResponseBody } from './gemini-api';

/** The Gemini codec: `Codec` plus its encode options and the optional `reservedIds` of its decoders. */
export type GeminiCodec = Codec<GeminiRequestBody, GeminiResponseBody, unknown, GeminiEncodeRequestOptions> & {
  decodeResponse(body: unknown, options?: GeminiDecodeOptions): ModelResponse;
  decodeStream(chunks: AsyncIterable<unknown>, options?: GeminiDecodeOptions): AsyncIterable<StreamEvent>;
};

/**
 * The Gemini `generateContent` codec: six pure functions between the IR and Gemini's wire
 * format (no network, no clock, no environment). The decoders also take `{ reservedIds }`,
 * the call ids already in the conversation, so that synthesized ids never clash with them.
 *
 * @example
 * import { geminiCodec } from '@interlingua/gemini';
 *
 * const { value: body, warnings } = geminiCodec.encodeRequest(
 *   { messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
 *   { model: 'gemini-2.5-flash' },
 * );
 * // POST body to …/v1beta/models/gemini-2.5-flash:generateContent, then:
 * // const response = geminiCodec.decodeResponse(await httpResponse.json());
 */
export const geminiCodec: GeminiCodec = {
  provider: 'gemini',
  encodeRequest: encodeGeminiRequest,
  decodeResponse: decodeGeminiResponse,
  decodeStream: decodeGeminiStream,
  decodeRequest: decodeGeminiRequest,
  encodeResponse: encodeGeminiResponse,
  encodeStream: encodeGeminiStream,
};
