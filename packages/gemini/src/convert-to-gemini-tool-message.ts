import type {
  AssistantContentPart,
  AssistantMessage,
  ToolCall,
  ToolMessage,
  ToolResult,
  Warning,
} from '@interlingua/core';
import { toolReferenceText } from '@interlingua/core/adapter';
import { convertToGeminiUserPart, withSignature } from './convert-to-gemini-user-part';
import type { GeminiFunctionResponsePart, GeminiPart } from './gemini-api';
import { issuedGeminiCallId } from './gemini-issued-call-id';
import { readThoughtSignature } from './gemini-thought-signature';

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
export function convertToGeminiToolMessage(
  message: ToolMessage,
  previous: AssistantMessage | undefined,
  options: { index: number; functionResponseParts: boolean; warnings: Warning[] },
): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const results = message.content;
  const { calls, order } = matchCalls(results, previous);
  for (let step = 0; step < results.length; step++) {
    const position = order === undefined ? step : (order[step] as number);
    const result = results[position] as ToolResult;
    let text = '';
    let texts = 0;
    let inside: GeminiFunctionResponsePart[] | undefined;
    let beside: GeminiPart[] | undefined;
    const content = result.content;
    for (let partIndex = 0; partIndex < content.length; partIndex++) {
      const part = content[partIndex] as ToolResult['content'][number];
      // encodeRequest renders references with their tools (renderToolReferences); this is the bare fallback.
      if (part.type === 'text' || part.type === 'tool-reference') {
        const partText = part.type === 'text' ? part.text : toolReferenceText(part.toolName);
        text = texts === 0 ? partText : `${text}\n${partText}`;
        texts++;
        continue;
      }
      const media = convertToGeminiUserPart(
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
    }
    const functionResponse: GeminiPart['functionResponse'] = {
      name: result.toolName,
      response: result.isError ? { error: text } : { output: text },
    };
    // The result carries the id only when its call does: both or neither.
    const call = calls[position];
    const id = call === undefined ? undefined : issuedGeminiCallId(call);
    if (id !== undefined) functionResponse.id = id;
    if (inside !== undefined) functionResponse.parts = inside;
    parts.push(withSignature({ functionResponse }, readThoughtSignature(result.providerMetadata)));
    if (beside !== undefined) for (const part of beside) parts.push(part);
  }
  return parts;
}

// Past this many results × calls, results are matched to calls through a Map instead of by scanning.
const SCAN_LIMIT = 64;

/**
 * Each result's call in `previous` (by id; `calls[i]` for `results[i]`, `undefined` when none),
 * and the order to send the results in: that of the calls they answer, unmatched ones last, ties
 * in result order. `order` is `undefined` when the results already come in call order (the usual
 * case), so no positions are sorted.
 */
function matchCalls(
  results: readonly ToolResult[],
  previous: AssistantMessage | undefined,
): { calls: (ToolCall | undefined)[]; order: number[] | undefined } {
  const content = previous?.content ?? [];
  const calls: (ToolCall | undefined)[] = new Array(results.length);
  const ranks: number[] = new Array(results.length);
  let byId: Map<string, number> | undefined;
  if (results.length * content.length > SCAN_LIMIT) {
    byId = new Map();
    // With two calls of one id, the last one counts (as in the scan below).
    for (let at = 0; at < content.length; at++) {
      const part = content[at] as AssistantContentPart;
      if (part.type === 'tool-call') byId.set(part.id, at);
    }
  }
  let sorted = true;
  for (let position = 0; position < results.length; position++) {
    const id = (results[position] as ToolResult).toolCallId;
    let at = -1;
    if (byId !== undefined) at = byId.get(id) ?? -1;
    else {
      for (let candidate = content.length - 1; candidate >= 0; candidate--) {
        const part = content[candidate] as AssistantContentPart;
        if (part.type === 'tool-call' && part.id === id) {
          at = candidate;
          break;
        }
      }
    }
    calls[position] = at < 0 ? undefined : (content[at] as ToolCall);
    ranks[position] = at < 0 ? Number.MAX_SAFE_INTEGER : at;
    if (position > 0 && (ranks[position] as number) < (ranks[position - 1] as number)) sorted = false;
  }
  if (sorted) return { calls, order: undefined };
  const order = results.map((_result, position) => position);
  order.sort((a, b) => (ranks[a] as number) - (ranks[b] as number) || a - b);
  return { calls, order };
}
