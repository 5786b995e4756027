import { runProviderSuite } from '../method/run-provider-suite';
import { anthropicKit } from '../providers/anthropic-kit';

export async function run(): Promise<void> {
  await runProviderSuite(await anthropicKit());
}
