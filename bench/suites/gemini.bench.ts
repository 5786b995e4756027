import { runProviderSuite } from '../method/run-provider-suite';
import { geminiGenAIKit, geminiGenerativeAIKit } from '../providers/gemini-kits';

// Both transports: @google/genai (the default) and @google/generative-ai.
export async function run(): Promise<void> {
  await runProviderSuite(await geminiGenAIKit());
  await runProviderSuite(await geminiGenerativeAIKit());
}
