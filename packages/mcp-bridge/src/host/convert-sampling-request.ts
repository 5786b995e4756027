import type { ChatRequest, Message, ModelResponse, UserContentPart } from '@interlingua/core';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  SamplingMessage,
  SamplingMessageContentBlock,
} from '@modelcontextprotocol/client';

/** Why a sampling request cannot be put to a model. */
export class UnsupportedSamplingError extends Error {
  override readonly name = 'UnsupportedSamplingError';
}

function blocksOf(message: SamplingMessage): SamplingMessageContentBlock[] {
  return Array.isArray(message.content) ? message.content : [message.content];
}

function convertBlock(block: SamplingMessageContentBlock, role: 'user' | 'assistant', index: number): UserContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      if (role === 'user')
        return { type: 'image', source: { type: 'base64', data: block.data }, mediaType: block.mimeType };
      break;
    case 'audio':
      if (role === 'user')
        return { type: 'file', source: { type: 'base64', data: block.data }, mediaType: block.mimeType };
      break;
    case 'tool_use':
    case 'tool_result':
      throw new UnsupportedSamplingError(
        `Message ${index}: \`${block.type}\` content needs sampling with tools, which this client does not offer.`,
      );
    default: {
      const unexpected: never = block;
      throw new UnsupportedSamplingError(`Message ${index}: unknown content ${JSON.stringify(unexpected)}.`);
    }
  }
  throw new UnsupportedSamplingError(`Message ${index}: an assistant message can hold only text, got ${block.type}.`);
}

/** Whether any message of a sampling request holds an image. */
export function samplingNeedsImages(params: CreateMessageRequestParams): boolean {
  return params.messages.some((message) => blocksOf(message).some((block) => block.type === 'image'));
}

/**
 * A server's `sampling/createMessage` parameters as an IR request: its messages (text, image,
 * audio), `systemPrompt`, `maxTokens` (lowered to `maxOutputTokens` when given), `temperature`
 * and `stopSequences`. Content that needs tools is refused with an {@link UnsupportedSamplingError}.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/client/sampling
 */
export function convertSamplingRequest(params: CreateMessageRequestParams, maxOutputTokens?: number): ChatRequest {
  const messages: Message[] = params.messages.map((message, index): Message => {
    const parts = blocksOf(message).map((block) => convertBlock(block, message.role, index));
    return message.role === 'user'
      ? { role: 'user', content: parts }
      : { role: 'assistant', content: parts.filter((part) => part.type === 'text') };
  });
  const limit = maxOutputTokens === undefined ? params.maxTokens : Math.min(params.maxTokens, maxOutputTokens);
  return {
    messages,
    maxOutputTokens: limit,
    ...(params.systemPrompt === undefined ? {} : { system: params.systemPrompt }),
    ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
    ...(params.stopSequences === undefined ? {} : { stopSequences: params.stopSequences }),
  };
}

function stopReasonOf(response: ModelResponse): string {
  switch (response.finishReason) {
    case 'length':
      return 'maxTokens';
    case 'stop':
      return response.rawFinishReason === 'stop_sequence' ? 'stopSequence' : 'endTurn';
    default:
      return response.rawFinishReason ?? response.finishReason;
  }
}

/**
 * A model's response as the `sampling/createMessage` result: the text it wrote, the model as
 * `provider:modelId`, and the stop reason (`endTurn`, `maxTokens`, `stopSequence`, or the
 * provider's own word).
 */
export function convertSamplingResponse(response: ModelResponse, model: string): CreateMessageResult {
  const text = response.message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { role: 'assistant', content: { type: 'text', text }, model, stopReason: stopReasonOf(response) };
}
