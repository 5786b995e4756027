import { runProviderSuite } from '../method/run-provider-suite';
import { openaiKit } from '../providers/openai-kit';

export async function run(): Promise<void> {
  await runProviderSuite(await openaiKit());
}
