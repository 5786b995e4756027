import {
  type AssistantContentPart,
  type AssistantMessage,
  type ChatRequest,
  InvalidRequestError,
  type ToolCall,
  type ToolMessage,
  type UserContentPart,
  type Warning,
  warnForeignMetadata,
} from '@interlingua/core';
import type { GeminiContent, GeminiPart, GeminiRequestBody } from './gemini-api';
import { issuedGeminiCallId } from './gemini-issued-call-id';
import { readThoughtSignature } from './gemini-thought-signature';

/**
 * Converts the IR system prompt and history into Gemini `systemInstruction` and `contents`.
 *
 * - roles: `user` and `tool` → `user`, `assistant` → `model`; consecutive turns of the same
 *   role are merged (Gemini wants them alternating);
 * - empty text (and an empty system prompt) is not sent: Gemini rejects a part without data;
 *   an empty text that carries a thought signature is kept;
 * - assistant text → `{ text }`, reasoning → `{ text, thought: true }`, calls →
 *   `{ functionCall: { name, args, id? } }`; `id` (on the call and on its result) is sent only
 *   when a Gemini response issued it (`issuedGeminiCallId`): synthesized ids and other
 *   providers' ids stay off the wire, and Gemini pairs results with calls by name and order;
 * - a `thoughtSignature` in `providerMetadata.gemini` goes back on the part it came on;
 *   another provider's `providerMetadata` on an assistant part is not sent, with a warning;
 * - for a Gemini 3 `model`, a turn of calls that carries no signature at all (from another
 *   provider, or stored without it) gets {@link GEMINI_SKIP_SIGNATURE} on its first call, with
 *   a warning: Gemini 3 rejects unsigned calls with a 400;
 * - a tool message → one `functionResponse { name, id?, response }` part per result, in
 *   call order, where `response` is `{ output: text }` or, for `isError`, `{ error: text }`;
 *   images and files of a result follow its `functionResponse` part as `inlineData` /
 *   `fileData` parts.
 *
 * @see https://ai.google.dev/api/caching#Content
 * @see https://ai.google.dev/gemini-api/docs/function-calling
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
export function convertToGeminiContents(
  request: Pick<ChatRequest, 'system' | 'messages'>,
  options: { model?: string } = {},
): {
  contents: GeminiContent[];
  systemInstruction?: GeminiRequestBody['systemInstruction'];
  warnings: Warning[];
} {
  const warnings: Warning[] = [];
  const contents: GeminiContent[] = [];
  const push = (role: GeminiContent['role'], parts: GeminiPart[]) => {
    if (parts.length === 0) return;
    const last = contents[contents.length - 1];
    if (last !== undefined && last.role === role) {
      for (const part of parts) last.parts.push(part);
    } else contents.push({ role, parts });
  };

  let previousCalls: AssistantMessage | undefined;
  request.messages.forEach((message, index) => {
    switch (message.role) {
      case 'user':
        push(
          'user',
          message.content.flatMap((part, partIndex) =>
            isEmptyText(part) ? [] : [userPart(part, () => `messages[${index}].content[${partIndex}]`, warnings)],
          ),
        );
        break;
      case 'assistant':
        push('model', assistantParts(message, index, warnings, isGemini3(options.model)));
        previousCalls = message;
        break;
      case 'tool':
        push('user', toolParts(message, previousCalls, index, warnings));
        break;
      default: {
        const exhaustive: never = message;
        throw new InvalidRequestError({
          message: `Expected a user, assistant or tool message, got ${JSON.stringify(exhaustive)}.`,
        });
      }
    }
  });

  const result: ReturnType<typeof convertToGeminiContents> = { contents, warnings };
  if (request.system !== undefined && request.system !== '') {
    result.systemInstruction = { parts: [{ text: request.system }] };
  }
  return result;
}

function withSignature(part: GeminiPart, signature: string | undefined): GeminiPart {
  if (signature !== undefined) part.thoughtSignature = signature;
  return part;
}

/** The signature Gemini 3 accepts on a call it did not sign itself (documented for histories from other models). */
const GEMINI_SKIP_SIGNATURE = 'skip_thought_signature_validator';

function isGemini3(model: string | undefined): boolean {
  return model !== undefined && /^(models\/)?gemini-3/.test(model);
}

function assistantParts(message: AssistantMessage, index: number, warnings: Warning[], gemini3: boolean): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const unsignedCalls =
    gemini3 &&
    message.content.some((part) => part.type === 'tool-call') &&
    message.content.every((part) => readThoughtSignature(part.providerMetadata) === undefined);
  let firstCall = true;
  message.content.forEach((part, partIndex) => {
    warnForeignMetadata(
      part,
      { provider: 'gemini', format: 'Gemini', at: `messages[${index}].content[${partIndex}]` },
      warnings,
    );
    let signature = readThoughtSignature(part.providerMetadata);
    if (unsignedCalls && part.type === 'tool-call' && firstCall) {
      signature = GEMINI_SKIP_SIGNATURE;
      warnings.push({
        type: 'degraded',
        feature: `messages[${index}].content[${partIndex}].thoughtSignature`,
        message: `Gemini 3 requires a thoughtSignature on replayed calls; call "${part.id}" has none (another provider's, or stored without it), so it was sent with "${GEMINI_SKIP_SIGNATURE}".`,
      });
    }
    if (part.type === 'tool-call') firstCall = false;
    switch (part.type) {
      case 'text':
        if (!isEmptyText(part)) parts.push(withSignature({ text: part.text }, signature));
        break;
      case 'reasoning':
        if (part.redacted !== undefined) {
          warnings.push({
            type: 'unsupported',
            feature: `messages[${index}].content[${partIndex}].redacted`,
            message: 'A redacted reasoning block from another provider cannot be sent to Gemini; it was left out.',
          });
          break;
        }
        if (part.signature !== undefined) {
          warnings.push({
            type: 'unsupported',
            feature: `messages[${index}].content[${partIndex}].signature`,
            message:
              "Another provider's reasoning signature means nothing to Gemini; the reasoning was sent without it.",
          });
        }
        parts.push(withSignature({ text: part.text, thought: true }, signature));
        break;
      case 'tool-call': {
        if (part.argsText !== undefined) {
          warnings.push({
            type: 'degraded',
            feature: `messages[${index}].content[${partIndex}].argsText`,
            message: `Gemini carries call arguments as an object; the unparseable arguments of call "${part.id}" were sent as {}.`,
          });
        }
        const functionCall: GeminiPart['functionCall'] = { name: part.name, args: part.args };
        const id = issuedGeminiCallId(part);
        if (id !== undefined) functionCall.id = id;
        parts.push(withSignature({ functionCall }, signature));
        break;
      }
      default: {
        const exhaustive: never = part;
        throw new InvalidRequestError({ message: `Expected an assistant part, got ${JSON.stringify(exhaustive)}.` });
      }
    }
  });
  return parts;
}

function toolParts(
  message: ToolMessage,
  previous: AssistantMessage | undefined,
  index: number,
  warnings: Warning[],
): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const calls = new Map<string, ToolCall>();
  for (const part of previous?.content ?? []) if (part.type === 'tool-call') calls.set(part.id, part);
  for (const position of callOrder(message, previous)) {
    const result = message.content[position] as ToolMessage['content'][number];
    let text = '';
    let texts = 0;
    let media: GeminiPart[] | undefined;
    result.content.forEach((part, partIndex) => {
      if (part.type === 'text') {
        text = texts === 0 ? part.text : `${text}\n${part.text}`;
        texts++;
      } else {
        media ??= [];
        media.push(userPart(part, () => `messages[${index}].content[${position}].content[${partIndex}]`, warnings));
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
    parts.push(withSignature({ functionResponse }, readThoughtSignature(result.providerMetadata)));
    if (media !== undefined) for (const part of media) parts.push(part);
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

// Gemini rejects a part whose text is empty ("required oneof field 'data' must have one
// initialized field"); one that carries a thought signature is kept, as Gemini sent it.
function isEmptyText(part: UserContentPart | AssistantContentPart): boolean {
  return part.type === 'text' && part.text === '' && readThoughtSignature(part.providerMetadata) === undefined;
}

// `feature` is built only when a warning or an error needs it.
function userPart(part: UserContentPart, feature: () => string, warnings: Warning[]): GeminiPart {
  switch (part.type) {
    case 'text':
      return withSignature({ text: part.text }, readThoughtSignature(part.providerMetadata));
    case 'image':
    case 'file': {
      if (part.type === 'file' && part.filename !== undefined) {
        warnings.push({
          type: 'unsupported',
          feature: `${feature()}.filename`,
          message: `Gemini parts carry no file name; "${part.filename}" was not sent.`,
        });
      }
      const source = part.source;
      if (source.type === 'base64') {
        if (part.mediaType === undefined) {
          throw new InvalidRequestError({
            message: `Expected a mediaType on the base64 image at ${feature()}, got none.`,
          });
        }
        return { inlineData: { mimeType: part.mediaType, data: source.data } };
      }
      return {
        fileData:
          part.mediaType === undefined ? { fileUri: source.url } : { mimeType: part.mediaType, fileUri: source.url },
      };
    }
    default: {
      const exhaustive: never = part;
      throw new InvalidRequestError({ message: `Expected a user content part, got ${JSON.stringify(exhaustive)}.` });
    }
  }
}
