import type { AssistantMessage, ToolCall, ToolMessage, Warning } from '@interlingua/core';
import type { GeminiFunctionResponsePart, GeminiPart } from './gemini-api';
import { issuedGeminiCallId } from './gemini-issued-call-id';
import { readThoughtSignature } from './gemini-thought-signature';
import { toGeminiUserPart, withSignature } from './to-gemini-user-part';

// The media types Gemini 3 takes inside a function response (the function-calling guide).
const FUNCTION_RESPONSE_MEDIA = new Set(['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'text/plain']);

/**
 * One IR tool message → the `functionResponse` parts of a Gemini user turn, in the order of the
 * calls they answer (`previous` is the assistant turn that made them): `response` is
 * `{ output: text }` or, for `isError`, `{ error: text }`, several text parts joined with `\n`;
 * `id` only when the call's id was issued by Gemini (`issuedGeminiCallId`), else Gemini pairs by
 * name and order. Images and files of a result go, with `functionResponseParts` (Gemini 3's
 * multimodal function responses), inside `functionResponse.parts` when their type is one Gemini 3
 * takes there (PNG, JPEG, WebP, PDF, plain text); otherwise (Gemini 2.x, other types) as
 * `inlineData` / `fileData` parts right after the `functionResponse` part.
 *
 * @see https://ai.google.dev/gemini-api/docs/function-calling#multimodal
 */
export function convertToolMessageToGemini(
  message: ToolMessage,
  previous: AssistantMessage | undefined,
  options: { index: number; functionResponseParts: boolean; warnings: Warning[] },
): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const calls = new Map<string, ToolCall>();
  for (const part of previous?.content ?? []) if (part.type === 'tool-call') calls.set(part.id, part);
  for (const position of callOrder(message, previous)) {
    const result = message.content[position] as ToolMessage['content'][number];
    let text = '';
    let texts = 0;
    let inside: GeminiFunctionResponsePart[] | undefined;
    let beside: GeminiPart[] | undefined;
    result.content.forEach((part, partIndex) => {
      if (part.type === 'text') {
        text = texts === 0 ? part.text : `${text}\n${part.text}`;
        texts++;
        return;
      }
      const media = toGeminiUserPart(
        part,
        () => `messages[${options.index}].content[${position}].content[${partIndex}]`,
        options.warnings,
      );
      const mimeType = media.inlineData?.mimeType ?? media.fileData?.mimeType;
      if (options.functionResponseParts && mimeType !== undefined && FUNCTION_RESPONSE_MEDIA.has(mimeType)) {
        inside ??= [];
        if (media.inlineData !== undefined) inside.push({ inlineData: media.inlineData });
        else if (media.fileData !== undefined) inside.push({ fileData: media.fileData });
      } else {
        beside ??= [];
        beside.push(media);
      }
    });
    const functionResponse: GeminiPart['functionResponse'] = {
      name: result.toolName,
      response: result.isError ? { error: text } : { output: text },
    };
    // The result carries the id only when its call does: both or neither.
    const call = calls.get(result.toolCallId);
    const id = call === undefined ? undefined : issuedGeminiCallId(call);
    if (id !== undefined) functionResponse.id = id;
    if (inside !== undefined) functionResponse.parts = inside;
    parts.push(withSignature({ functionResponse }, readThoughtSignature(result.providerMetadata)));
    if (beside !== undefined) for (const part of beside) parts.push(part);
  }
  return parts;
}

// Result positions in the order of the calls they answer (matched by id); unmatched ones last.
function callOrder(message: ToolMessage, previous: AssistantMessage | undefined): number[] {
  const order = new Map<string, number>();
  previous?.content.forEach((part, position) => {
    if (part.type === 'tool-call') order.set(part.id, position);
  });
  const rank = (position: number) =>
    order.get((message.content[position] as ToolMessage['content'][number]).toolCallId) ?? Number.MAX_SAFE_INTEGER;
  const positions = message.content.map((_result, position) => position);
  return positions.sort((a, b) => rank(a) - rank(b) || a - b);
}
