import type { AssistantContentPart, Warning } from '@interlingua/core';

/**
 * Data another provider attached to an assistant part (a Gemini `thoughtSignature`, Anthropic
 * server-tool blocks, …) rides there to be echoed back to that provider only; an OpenAI API has
 * no field for it. Says so, one warning per provider key, rather than dropping it silently.
 */
export function warnForeignMetadata(part: AssistantContentPart, api: string, warnings: Warning[]): void {
  for (const key of Object.keys(part.providerMetadata ?? {})) {
    if (key === 'openai') continue;
    warnings.push({
      type: 'unsupported',
      feature: `${part.type}.providerMetadata.${key}`,
      message: `${api} has no field for ${key} data (${Object.keys(part.providerMetadata?.[key] ?? {}).join(', ')}) on a ${part.type} part; it was not sent.`,
    });
  }
}
