import { anthropicKit } from './anthropic-kit';
import { bedrockKit } from './bedrock-kit';
import { geminiGenAIKit, geminiGenerativeAIKit } from './gemini-kits';
import { openaiKit } from './openai-kit';
import { openaiResponsesKit } from './openai-responses-kit';
import type { ProviderKit } from './provider-kit';

/** The kit builders by suite name (`pnpm bench -- gemini` runs both Gemini transports). */
export const KIT_BUILDERS: Record<string, () => Promise<ProviderKit>> = {
  openai: openaiKit,
  'openai-responses': openaiResponsesKit,
  anthropic: anthropicKit,
  'gemini-genai': geminiGenAIKit,
  'gemini-generative-ai': geminiGenerativeAIKit,
  bedrock: bedrockKit,
};
