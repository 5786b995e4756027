import type { ProviderMetadata } from '@interlingua/core';

/**
 * Reads the Gemini `thoughtSignature` riding on an IR part (`providerMetadata.gemini.thoughtSignature`).
 * Gemini 2.5/3 reject a replayed function call whose signature was dropped, so it goes back on the same part.
 *
 * @see https://ai.google.dev/gemini-api/docs/thought-signatures
 */
export function readThoughtSignature(providerMetadata: ProviderMetadata | undefined): string | undefined {
  const signature = providerMetadata?.gemini?.thoughtSignature;
  return typeof signature === 'string' ? signature : undefined;
}

/** The `providerMetadata` that carries a `thoughtSignature` received on a part, or `undefined` when there is none. */
export function thoughtSignatureMetadata(signature: string | undefined): ProviderMetadata | undefined {
  return signature === undefined ? undefined : { gemini: { thoughtSignature: signature } };
}
