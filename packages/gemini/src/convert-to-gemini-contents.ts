import {
  type AssistantContentPart,
  type AssistantMessage,
  type ChatRequest,
  InvalidRequestError,
  type ProviderMetadata,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import { groupProviderTurns, type TurnFactory, warnForeignMetadata } from '@interlingua/core/adapter';
import { convertToGeminiHostedPart } from './convert-gemini-hosted-parts';
import { convertToGeminiToolMessage } from './convert-to-gemini-tool-message';
import { convertToGeminiUserPart, withSignature } from './convert-to-gemini-user-part';
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
 *   call order (see `convertToGeminiToolMessage`); images and files of a result go inside
 *   `functionResponse.parts` with `functionResponseParts` (default: Gemini 3 model ids), else
 *   as parts right after it.
 *
 * @see https://ai.google.dev/api/caching#Content
 * @see https://ai.google.dev/gemini-api/docs/function-calling
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
export function convertToGeminiContents(
  request: Pick<ChatRequest, 'system' | 'messages'>,
  options: {
    model?: string;
    /** Media of tool results inside `functionResponse.parts` (Gemini 3); default by model id. */
    functionResponseParts?: boolean;
  } = {},
): {
  contents: GeminiContent[];
  systemInstruction?: GeminiRequestBody['systemInstruction'];
  warnings: Warning[];
} {
  const warnings: Warning[] = [];
  const gemini3 = isGemini3(options.model);
  const functionResponseParts = options.functionResponseParts ?? gemini3;

  const contents = groupProviderTurns<GeminiPart, GeminiPart, GeminiContent>(request.messages, {
    convertUser: (message, index) => userParts(message.content, index, warnings),
    convertTool: (message, index, previous) =>
      convertToGeminiToolMessage(message, previous, { index, functionResponseParts, warnings }),
    convertAssistant: (message, index) => assistantParts(message, index, warnings, gemini3),
    // Parts keep the history's order: Gemini sets no rule for results and text in one turn.
    toolResultsFirst: false,
    // Gemini rejects a content without parts, so an empty turn is not sent.
    keepEmptyUserTurns: false,
    createTurn: GEMINI_TURNS,
  });

  const result: ReturnType<typeof convertToGeminiContents> = { contents, warnings };
  if (request.system !== undefined && request.system !== '') {
    result.systemInstruction = { parts: [{ text: request.system }] };
  }
  return result;
}

// Gemini's turns: `user` and `model`, their blocks under `parts`.
const GEMINI_TURNS: TurnFactory<GeminiPart, GeminiPart, GeminiContent> = {
  user: (parts) => ({ role: 'user', parts }),
  assistant: (parts) => ({ role: 'model', parts }),
};

/** The signature Gemini 3 accepts on a call it did not sign itself (documented for histories from other models). */
const GEMINI_SKIP_SIGNATURE = 'skip_thought_signature_validator';

function isGemini3(model: string | undefined): boolean {
  return model !== undefined && /^(models\/)?gemini-3/.test(model);
}

function userParts(content: readonly UserContentPart[], index: number, warnings: Warning[]): GeminiPart[] {
  const parts: GeminiPart[] = [];
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part = content[partIndex] as UserContentPart;
    if (part.type === 'text') {
      // Text needs no place name (it cannot fail or warn): no closure for it.
      const signature = readThoughtSignature(part.providerMetadata);
      if (part.text !== '' || signature !== undefined) parts.push(withSignature({ text: part.text }, signature));
    } else parts.push(convertToGeminiUserPart(part, () => `messages[${index}].content[${partIndex}]`, warnings));
  }
  return parts;
}

// True when `metadata` holds data under a key other than Gemini's (only then is there anything to warn about).
function hasForeignMetadata(metadata: ProviderMetadata | undefined): boolean {
  if (metadata === undefined) return false;
  for (const key in metadata) if (key !== 'gemini' && Object.hasOwn(metadata, key)) return true;
  return false;
}

// A Gemini 3 turn of calls none of whose parts carries a signature.
function hasUnsignedCalls(content: readonly AssistantContentPart[]): boolean {
  let calls = false;
  for (const part of content) {
    if (readThoughtSignature(part.providerMetadata) !== undefined) return false;
    if (part.type === 'tool-call') calls = true;
  }
  return calls;
}

function assistantParts(message: AssistantMessage, index: number, warnings: Warning[], gemini3: boolean): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const content = message.content;
  const unsignedCalls = gemini3 && hasUnsignedCalls(content);
  let firstCall = true;
  for (let partIndex = 0; partIndex < content.length; partIndex++) {
    const part = content[partIndex] as AssistantContentPart;
    if (part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result') {
      const hosted = convertToGeminiHostedPart(part, warnings);
      if (hosted !== undefined) parts.push(hosted);
      continue;
    }
    if (hasForeignMetadata(part.providerMetadata)) {
      warnForeignMetadata(
        part,
        { provider: 'gemini', format: 'Gemini', at: `messages[${index}].content[${partIndex}]` },
        warnings,
      );
    }
    let signature = readThoughtSignature(part.providerMetadata);
    if (unsignedCalls && part.type === 'tool-call' && firstCall) {
      signature = GEMINI_SKIP_SIGNATURE;
      warnings.push({
        type: 'degraded',
        feature: `messages[${index}].content[${partIndex}].thoughtSignature`,
        message: `Gemini 3 requires a thoughtSignature on replayed calls; call "${part.id}" has none (another provider's, or stored without it), so it was sent with "${GEMINI_SKIP_SIGNATURE}".`,
      });
    }
    switch (part.type) {
      case 'text':
        // Gemini rejects a part whose text is empty ("required oneof field 'data' must have one
        // initialized field"); one that carries a thought signature is kept, as Gemini sent it.
        if (part.text !== '' || signature !== undefined) parts.push(withSignature({ text: part.text }, signature));
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
        firstCall = false;
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
  }
  return parts;
}
