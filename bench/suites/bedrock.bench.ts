import { runProviderSuite } from '../method/run-provider-suite';
import { bedrockKit } from '../providers/bedrock-kit';

export async function run(): Promise<void> {
  await runProviderSuite(await bedrockKit());
}
