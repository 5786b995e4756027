/**
 * `pnpm check:layers` (part of `pnpm check`): the layering of the TypeScript sources — DESIGN.md's
 * dependency table, public entries and published subpaths only, the testkit in tests only, no
 * import cycle between files. Prints each problem and fails when there is one. An argument names
 * another root to check (the test of the rule runs it on a small tree).
 */
import { fileURLToPath } from 'node:url';
import { checkLayers, formatLayerReport } from './check-layers';

const root = process.argv[2] ?? fileURLToPath(new URL('../../../../', import.meta.url));
const report = checkLayers(root);
for (const line of formatLayerReport(report)) process.stderr.write(`${line}\n`);
process.stdout.write(
  `layers: ${report.violations.length} layering violation${report.violations.length === 1 ? '' : 's'}, ${report.cycles.length} import cycle${report.cycles.length === 1 ? '' : 's'}.\n`,
);
process.exitCode = report.violations.length === 0 && report.cycles.length === 0 ? 0 : 1;
