import type { AssistantContentPart } from '@interlingua/core';
import type { GeminiPart } from './gemini-api';
import { readThoughtSignature } from './gemini-thought-signature';

/** One IR assistant part → one Gemini part. */
export function convertToGeminiPart(part: AssistantContentPart): GeminiPart {
  const signature = readThoughtSignature(part.providerMetadata);
  const out: GeminiPart =
    part.type === 'text'
      ? { text: part.text }
      : part.type === 'reasoning'
        ? { text: part.text, thought: true }
        : { functionCall: { name: part.name, args: part.args, id: part.id } };
  if (signature !== undefined) out.thoughtSignature = signature;
  return out;
}
