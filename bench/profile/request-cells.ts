import { measurePaired, type PairedCell } from '../method/measure-paired';
import { reportPaired } from '../method/report-paired';
import { REQUEST_GOAL, REQUEST_SIZES } from '../method/run-provider-suite';
import { KIT_BUILDERS } from '../providers/all-kits';
import { buildHistory } from '../workloads/build-history';

// Only the request-build cells of the kits named (all when none): `tsx bench/profile/request-cells.ts openai anthropic`.
// The same method and figures as `pnpm bench -- <suite>`, without the stream cells, for quick before/after checks.
const names = process.argv.slice(2).filter((arg) => arg !== '--');
for (const name of names.length === 0 ? Object.keys(KIT_BUILDERS) : names) {
  const build = KIT_BUILDERS[name];
  if (build === undefined) throw new Error(`Unknown kit ${name}; one of ${Object.keys(KIT_BUILDERS).join(', ')}.`);
  const kit = await build();
  const cells: PairedCell[] = REQUEST_SIZES.map((size) => ({
    name: `request build, ${size.toLocaleString('en')} messages + 20 tools`,
    ...kit.request(buildHistory(size)),
    sdkGoal: REQUEST_GOAL,
  }));
  reportPaired(kit.label, await measurePaired(cells));
}
