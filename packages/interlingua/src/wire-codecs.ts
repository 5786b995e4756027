import { anthropicCodec } from '@interlingua/anthropic';
import type { Codec } from '@interlingua/core';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec, openaiResponsesCodec } from '@interlingua/openai';

/** The wire formats Interlingua speaks natively: OpenAI Chat Completions and Responses, Anthropic Messages, Gemini. */
export type WireProvider = 'openai' | 'openai-responses' | 'anthropic' | 'gemini';

/** Every wire provider, in a stable order. */
export const WIRE_PROVIDERS: readonly WireProvider[] = ['openai', 'openai-responses', 'anthropic', 'gemini'];

/** The codec of each wire provider. */
export const wireCodecs: Record<WireProvider, Codec> = {
  openai: openaiCodec as Codec,
  'openai-responses': openaiResponsesCodec as Codec,
  anthropic: anthropicCodec as Codec,
  gemini: geminiCodec as Codec,
};

/** True when `value` names a wire provider. */
export function isWireProvider(value: string): value is WireProvider {
  return (WIRE_PROVIDERS as readonly string[]).includes(value);
}
