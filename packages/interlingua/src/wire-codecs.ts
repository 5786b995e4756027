import { anthropicCodec } from '@interlingua/anthropic';
import type { Codec } from '@interlingua/core';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';

/** The providers whose wire format Interlingua speaks natively. */
export type WireProvider = 'openai' | 'anthropic' | 'gemini';

/** Every wire provider, in a stable order. */
export const WIRE_PROVIDERS: readonly WireProvider[] = ['openai', 'anthropic', 'gemini'];

/** The codec of each wire provider. */
export const wireCodecs: Record<WireProvider, Codec> = {
  openai: openaiCodec as Codec,
  anthropic: anthropicCodec as Codec,
  gemini: geminiCodec as Codec,
};

/** True when `value` names a wire provider. */
export function isWireProvider(value: string): value is WireProvider {
  return (WIRE_PROVIDERS as readonly string[]).includes(value);
}
