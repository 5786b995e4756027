import type { BedrockConverseRequest } from './bedrock-api';

/**
 * The codec's Converse input (JSON as on the wire, blobs as base64) in the form the AWS SDK
 * serializes: every blob — `image.source.bytes`, `document.source.bytes`,
 * `reasoningContent.redactedContent`, in messages and in tool results — as a `Uint8Array`
 * (the SDK base64-encodes blobs itself, so a string would be encoded twice). Only the messages
 * holding a blob are copied; an input without blobs is returned as is.
 */
export function convertToBedrockSdkInput(input: BedrockConverseRequest): BedrockConverseRequest {
  let messages: BedrockConverseRequest['messages'] | undefined;
  for (let index = 0; index < input.messages.length; index++) {
    const message = input.messages[index] as BedrockConverseRequest['messages'][number];
    if (!message.content.some(holdsBlob)) continue;
    messages ??= input.messages.slice();
    messages[index] = { ...message, content: message.content.map(block) };
  }
  return messages === undefined ? input : { ...input, messages };
}

type Block = BedrockConverseRequest['messages'][number]['content'][number];

// Whether `block` would change the value: a blob in it, or in a tool result's content.
function holdsBlob(value: Block): boolean {
  if ('image' in value || 'document' in value) return true;
  if ('reasoningContent' in value) return 'redactedContent' in value.reasoningContent;
  if ('toolResult' in value) return value.toolResult.content.some((entry) => 'image' in entry || 'document' in entry);
  return false;
}

function block(value: Block): Block {
  if ('image' in value) return { image: { ...value.image, source: source(value.image.source) } };
  if ('document' in value) return { document: { ...value.document, source: source(value.document.source) } };
  if ('reasoningContent' in value && 'redactedContent' in value.reasoningContent) {
    return { reasoningContent: { redactedContent: bytes(value.reasoningContent.redactedContent) } } as unknown as Block;
  }
  if ('toolResult' in value) {
    const content = value.toolResult.content.map((entry) => {
      if ('image' in entry) return { image: { ...entry.image, source: source(entry.image.source) } };
      if ('document' in entry) return { document: { ...entry.document, source: source(entry.document.source) } };
      return entry;
    });
    return { toolResult: { ...value.toolResult, content } };
  }
  return value;
}

function source<T extends object>(value: T): T {
  return 'bytes' in value && typeof value.bytes === 'string' ? ({ bytes: bytes(value.bytes) } as unknown as T) : value;
}

function bytes(base64: string): string {
  // Typed as the codec's string; the SDK reads it as the Uint8Array it is.
  return Uint8Array.from(Buffer.from(base64, 'base64')) as unknown as string;
}
