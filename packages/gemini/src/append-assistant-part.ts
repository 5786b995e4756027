import type { AssistantContentPart, ProviderMetadata } from '@interlingua/core';
import { setOwnProperty } from '@interlingua/core/adapter';

/** Appends a part the way `collectStream` folds deltas: consecutive text (and reasoning) parts join. */
export function appendPart(content: AssistantContentPart[], part: AssistantContentPart): void {
  const last = content[content.length - 1];
  if (part.type === 'text' && last?.type === 'text') {
    last.text += part.text;
    if (part.providerMetadata !== undefined)
      last.providerMetadata = mergeMetadata(last.providerMetadata, part.providerMetadata);
    return;
  }
  if (part.type === 'reasoning' && last?.type === 'reasoning') {
    last.text += part.text;
    if (part.providerMetadata !== undefined) last.providerMetadata = part.providerMetadata;
    return;
  }
  content.push(part);
}

function mergeMetadata(a: ProviderMetadata | undefined, b: ProviderMetadata): ProviderMetadata {
  if (a === undefined) return b;
  const merged: ProviderMetadata = { ...a };
  for (const [key, value] of Object.entries(b)) {
    setOwnProperty(merged, key, Object.hasOwn(merged, key) ? { ...merged[key], ...value } : value);
  }
  return merged;
}
