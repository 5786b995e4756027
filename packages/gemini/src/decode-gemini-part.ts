import type { AssistantContentPart, JSONObject, ToolCall, Warning } from '@interlingua/core';
import { decodeGeminiCodePart } from './convert-gemini-hosted-parts';
import type { GeminiParsedPart } from './gemini-api';
import type { CallIds } from './gemini-call-ids';
import { thoughtSignatureMetadata } from './gemini-thought-signature';

/** One Gemini part → one IR assistant part, or `undefined` (with a warning) for a part the IR cannot hold. */
export function decodeGeminiPart(
  part: GeminiParsedPart,
  ids: Pick<CallIds, 'next' | 'code'>,
  warnings: Warning[],
): AssistantContentPart | undefined {
  const providerMetadata = thoughtSignatureMetadata(part.thoughtSignature);
  const meta = providerMetadata === undefined ? {} : { providerMetadata };
  if (part.functionCall !== undefined) {
    const issued = part.functionCall.id;
    const call: ToolCall = {
      type: 'tool-call',
      id: ids.next(part.functionCall),
      name: part.functionCall.name,
      args: (part.functionCall.args ?? {}) as JSONObject,
      ...meta,
    };
    // Who issued the id decides whether it may go back to Gemini (see `issuedGeminiCallId`).
    if (issued !== undefined && issued !== '') {
      call.providerMetadata = { gemini: { ...call.providerMetadata?.gemini, functionCallId: issued } };
    }
    return call;
  }
  // Gemini often ends a stream with `{ text: '' }`; replayed, such a part is a 400
  // ("required oneof field 'data'"). Empty text carrying a signature is kept for the replay.
  if (part.text === '' && providerMetadata === undefined) return undefined;
  if (part.text !== undefined) {
    return part.thought === true
      ? { type: 'reasoning', text: part.text, ...meta }
      : { type: 'text', text: part.text, ...meta };
  }
  if (providerMetadata !== undefined) return { type: 'text', text: '', providerMetadata };
  const code = decodeGeminiCodePart(part, ids.code);
  if (code !== undefined) return code;
  const kind = Object.keys(part).find((key) => key !== 'thought') ?? 'empty';
  warnings.push({
    type: 'unsupported',
    feature: `candidates[0].content.parts.${kind}`,
    message: `A "${kind}" part in the model's answer has no place in an assistant message; it was left out.`,
  });
  return undefined;
}

/** The warning for responses with more than one candidate (only the first is read). */
export function extraCandidatesWarning(): Warning {
  return {
    type: 'unsupported',
    feature: 'candidates',
    message: 'Gemini answered with several candidates; only the first was kept.',
  };
}
