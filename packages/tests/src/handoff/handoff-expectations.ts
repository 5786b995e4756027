import type { Message } from '@interlingua/core';
import { isSynthesizedGeminiCallId } from '@interlingua/gemini';
import type { ProviderName } from './handoff-histories';
import type { WireExchange } from './handoff-wire';

/** The tool exchanges of an IR history, as the target's wire should carry them. */
export function expectedExchanges(messages: readonly Message[], target: ProviderName): WireExchange[] {
  const exchanges: WireExchange[] = [];
  // Gemini gets no id for a call Gemini itself sent without one; every other id travels as is.
  const wireId = (id: string) => (target === 'gemini' && isSynthesizedGeminiCallId(id) ? undefined : id);
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
export type SecretKind = 'signature' | 'redacted' | 'thoughtSignature' | 'serverToolBlock';

/**
 * Provider-only data riding in the history: Anthropic thinking signatures, redacted thinking and
 * server-tool blocks (by their ids), Gemini thought signatures.
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
          return found;
        }),
  );
}

/** The warning feature each target gives when it leaves data of that kind out (`never`: the target replays it). */
export const dropFeature: Record<ProviderName, Record<SecretKind, RegExp>> = {
  openai: {
    signature: /^reasoning$/,
    redacted: /^reasoning$/,
    thoughtSignature: /providerMetadata\.gemini$/,
    serverToolBlock: /providerMetadata\.anthropic$/,
  },
  anthropic: {
    signature: /never/,
    redacted: /never/,
    thoughtSignature: /providerMetadata\.gemini$/,
    serverToolBlock: /never/,
  },
  gemini: {
    signature: /\.signature$/,
    redacted: /\.redacted$/,
    thoughtSignature: /never/,
    serverToolBlock: /providerMetadata\.anthropic$/,
  },
};
