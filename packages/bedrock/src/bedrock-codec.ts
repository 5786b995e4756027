import type { Codec, StreamEvent } from '@interlingua/core';
import type { BedrockConverseRequest } from './bedrock-api';
import { decodeBedrockRequest } from './decode-bedrock-request';
import { decodeBedrockResponse } from './decode-bedrock-response';
import { decodeBedrockStream } from './decode-bedrock-stream';
import { encodeBedrockRequest } from './encode-bedrock-request';
import { type BedrockConverseResponseBody, encodeBedrockResponse } from './encode-bedrock-response';
import { type BedrockStreamChunk, encodeBedrockStream } from './encode-bedrock-stream';

/** The Bedrock codec's type: Converse inputs and bodies, and `ConverseStreamOutput` members, as its native forms. */
export type BedrockCodec = Codec<BedrockConverseRequest, BedrockConverseResponseBody, unknown> & {
  encodeStream(events: AsyncIterable<StreamEvent>): AsyncIterable<BedrockStreamChunk>;
};

/**
 * The Amazon Bedrock Converse codec: six pure functions between the IR and the Converse /
 * ConverseStream API, in both directions (no network, no clock, no environment). Its request is
 * the SDK's `ConverseRequest` (`modelId` and the JSON body, blobs as base64), its stream chunks
 * the `ConverseStreamOutput` members (`{ contentBlockDelta: { … } }`).
 *
 * @example
 * ```ts
 * import { bedrockCodec } from '@interlingua/bedrock';
 *
 * const { value: input } = bedrockCodec.encodeRequest(
 *   { system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
 *   { model: 'anthropic.claude-sonnet-4-20250514-v1:0' },
 * );
 * // input: { modelId: '…', system: [{ text: 'Be brief.' }], messages: [{ role: 'user', content: [{ text: 'Hi' }] }] }
 * ```
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */
export const bedrockCodec: BedrockCodec = {
  provider: 'bedrock',
  encodeRequest: encodeBedrockRequest,
  decodeResponse: decodeBedrockResponse,
  decodeStream: decodeBedrockStream,
  decodeRequest: decodeBedrockRequest,
  encodeResponse: encodeBedrockResponse,
  encodeStream: encodeBedrockStream,
};
