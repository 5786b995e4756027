import type { Message } from '@interlingua/core';
import { issuedGeminiCallId } from '@interlingua/gemini';
import { expect } from 'vitest';
import type { ProviderName } from './handoff-histories';
import type { WireExchange } from './handoff-wire';

/** The tool exchanges of an IR history, as the target's wire should carry them. */
export function expectedExchanges(messages: readonly Message[], target: ProviderName): WireExchange[] {
  const exchanges: WireExchange[] = [];
  // Gemini gets back only the ids a Gemini response issued; every other provider gets every id.
  const issued = new Set(
    messages.flatMap((message) =>
      message.role === 'assistant'
        ? message.content.flatMap((part) => (part.type === 'tool-call' ? [issuedGeminiCallId(part) ?? ''] : []))
        : [],
    ),
  );
  const wireId = (id: string) => (target !== 'gemini' || issued.has(id) ? id : undefined);
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const calls = message.content.flatMap((part) => (part.type === 'tool-call' ? [part] : []));
    if (calls.length === 0) return;
    const results = messages[index + 1]?.role === 'tool' ? (messages[index + 1]?.content ?? []) : [];
    exchanges.push({
      calls: calls.map((call) => ({ id: wireId(call.id), name: call.name })),
      answers: results.flatMap((result) =>
        result.type === 'tool-result'
          ? [
              {
                id: wireId(result.toolCallId),
                name: result.toolName,
                isError: result.isError,
                text: result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''),
              },
            ]
          : [],
      ),
    });
  });
  return exchanges;
}

/** The kinds of provider-only data a history can carry. */
export type SecretKind =
  | 'signature'
  | 'redacted'
  | 'thoughtSignature'
  | 'serverToolBlock'
  | 'encryptedContent'
  | 'serverItem';

/**
 * Provider-only data riding in the history: Anthropic thinking signatures, redacted thinking and
 * server-tool blocks (by their ids), Gemini thought signatures, OpenAI Responses encrypted
 * reasoning and provider-executed items (by their ids).
 */
export function secretsOf(messages: readonly Message[]): { value: string; kind: SecretKind }[] {
  return messages.flatMap((message) =>
    message.role !== 'assistant'
      ? []
      : message.content.flatMap((part) => {
          const found: { value: string; kind: SecretKind }[] = [];
          if (part.type === 'reasoning' && part.signature !== undefined)
            found.push({ value: part.signature, kind: 'signature' });
          if (part.type === 'reasoning' && part.redacted !== undefined)
            found.push({ value: part.redacted, kind: 'redacted' });
          const thought = part.providerMetadata?.gemini?.thoughtSignature;
          if (typeof thought === 'string') found.push({ value: thought, kind: 'thoughtSignature' });
          const serverBlocks = part.providerMetadata?.anthropic?.serverToolBlocks;
          for (const entry of Array.isArray(serverBlocks) ? serverBlocks : []) {
            const block =
              typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry.block : undefined;
            const id = typeof block === 'object' && block !== null && !Array.isArray(block) ? block.id : undefined;
            if (typeof id === 'string') found.push({ value: id, kind: 'serverToolBlock' });
          }
          const encrypted = part.providerMetadata?.openai?.encryptedContent;
          if (part.type === 'reasoning' && typeof encrypted === 'string')
            found.push({ value: encrypted, kind: 'encryptedContent' });
          const serverItems = part.providerMetadata?.openai?.serverItems;
          for (const entry of Array.isArray(serverItems) ? serverItems : []) {
            const item = typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry.item : undefined;
            const id = typeof item === 'object' && item !== null && !Array.isArray(item) ? item.id : undefined;
            if (typeof id === 'string') found.push({ value: id, kind: 'serverItem' });
          }
          return found;
        }),
  );
}

/**
 * The warning feature each target gives when it leaves data of that kind out; `null`: the target
 * replays it (Anthropic and Bedrock share Claude's signed thinking, so each replays the other's;
 * OpenAI's encrypted reasoning and the items it ran go back to the Responses API only).
 */
export const dropFeature: Record<ProviderName, Record<SecretKind, RegExp | null>> = {
  openai: {
    signature: /^reasoning$/,
    redacted: /^reasoning$/,
    thoughtSignature: /providerMetadata\.gemini$/,
    serverToolBlock: /providerMetadata\.anthropic$/,
    encryptedContent: /^reasoning$/,
    serverItem: /providerMetadata\.openai\.serverItems$/,
  },
  'openai-responses': {
    signature: /^reasoning$/,
    redacted: /^reasoning$/,
    thoughtSignature: /providerMetadata\.gemini$/,
    serverToolBlock: /providerMetadata\.anthropic$/,
    encryptedContent: null,
    serverItem: null,
  },
  anthropic: {
    signature: null,
    redacted: null,
    thoughtSignature: /providerMetadata\.gemini$/,
    serverToolBlock: null,
    encryptedContent: /providerMetadata\.openai$/,
    serverItem: /providerMetadata\.openai$/,
  },
  gemini: {
    signature: /\.signature$/,
    redacted: /\.redacted$/,
    thoughtSignature: null,
    serverToolBlock: /providerMetadata\.anthropic$/,
    encryptedContent: /providerMetadata\.openai$/,
    serverItem: /providerMetadata\.openai$/,
  },
  bedrock: {
    signature: null,
    redacted: null,
    thoughtSignature: /providerMetadata\.gemini$/,
    serverToolBlock: /providerMetadata\.anthropic$/,
    encryptedContent: /providerMetadata\.openai$/,
    serverItem: /providerMetadata\.openai$/,
  },
};

/**
 * Checks one piece of provider-only data against what the target must do with it: replay it as
 * it was, or leave it off the wire with a warning naming the feature.
 */
export function expectSecretHandled(
  secret: { value: string; kind: SecretKind },
  target: ProviderName,
  wire: string,
  features: readonly string[],
): void {
  const drop = dropFeature[target][secret.kind];
  if (drop === null) {
    // Bedrock carries redacted reasoning as bytes: through its SDK the IR's base64 comes back canonical.
    const carried =
      target === 'bedrock' && secret.kind === 'redacted' && !wire.includes(secret.value)
        ? Buffer.from(secret.value, 'base64').toString('base64')
        : secret.value;
    expect(wire).toContain(carried);
    return;
  }
  expect(wire).not.toContain(secret.value);
  expect(features).toEqual(expect.arrayContaining([expect.stringMatching(drop)]));
}
