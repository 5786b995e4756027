import type { CapabilityRow } from '../registry/capability-row';
import { anthropicCapabilities } from './anthropic-capabilities';
import { bedrockCapabilities } from './bedrock-capabilities';
import { geminiCapabilities } from './gemini-capabilities';
import { openModelCapabilities } from './open-model-capabilities';
import { openaiCapabilities } from './openai-capabilities';

/** Every row of capability data shipped with the package, provider by provider. */
export const shippedCapabilities: readonly CapabilityRow[] = Object.freeze([
  ...openaiCapabilities,
  ...anthropicCapabilities,
  ...geminiCapabilities,
  ...bedrockCapabilities,
  ...openModelCapabilities,
]);
