import { runProviderSuite } from '../method/run-provider-suite';
import { openaiKit } from '../providers/openai-kit';
import { openaiResponsesKit } from '../providers/openai-responses-kit';

export async function run(): Promise<void> {
  await runProviderSuite(await openaiKit());
  await runProviderSuite(await openaiResponsesKit());
}
