import type { AssistantContentPart } from '@interlingua/core';
import { convertToGeminiHostedPart } from './convert-gemini-hosted-parts';
import type { GeminiPart } from './gemini-api';
import { readThoughtSignature } from './gemini-thought-signature';

/**
 * One IR assistant part → one Gemini part of an answer, or `undefined` for a web search, which an
 * answer carries in its candidate's `groundingMetadata` (see `convertToGeminiGrounding`).
 */
export function convertToGeminiPart(part: AssistantContentPart): GeminiPart | undefined {
  if (part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result') {
    // The warning of a part sent as text has no place in an answer under way.
    return part.kind === 'web-search' ? undefined : convertToGeminiHostedPart(part, []);
  }
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
