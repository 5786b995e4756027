import { KIT_BUILDERS } from '../providers/all-kits';
import { buildHistory } from '../workloads/build-history';

// A loop to profile one request-build cell: `node --cpu-prof --import tsx bench/profile/request-loop.ts openai 1000 subject`.
// Arguments: kit (see KIT_BUILDERS), message count, side (`subject`, `sdk` or `lowerBound`), seconds (default 4).
const [kitName = 'openai', sizeText = '1000', side = 'subject', secondsText = '4'] = process.argv.slice(2);
const build = KIT_BUILDERS[kitName];
if (build === undefined) throw new Error(`Unknown kit ${kitName}; one of ${Object.keys(KIT_BUILDERS).join(', ')}.`);
if (side !== 'subject' && side !== 'sdk' && side !== 'lowerBound') throw new Error(`Unknown side ${side}.`);
const workload = (await build()).request(buildHistory(Number(sizeText)));
const op = workload[side];
const end = performance.now() + Number(secondsText) * 1000;
let ops = 0;
while (performance.now() < end) {
  await op();
  ops++;
}
console.log(`${kitName} ${sizeText} ${side}: ${ops} ops, ${((Number(secondsText) * 1000) / ops).toFixed(3)} ms/op`);
