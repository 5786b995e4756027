import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BENCH_TSCONFIG } from '../method/check-built';
import { KIT_BUILDERS } from '../providers/all-kits';

const run_ = promisify(execFile);
const probe = fileURLToPath(new URL('../heap/heap-probe.ts', import.meta.url));
const MB = 1024 * 1024;
/** Peak heap growth may exceed the official SDK's by 10%. */
export const HEAP_GOAL = 1.1;

type ProbeResult = {
  label: string;
  requestSDK: number;
  requestSubject: number;
  requestLowerBound: number;
  streamSDK: number;
  streamSubject: number;
  streamLowerBound: number;
};

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const cell = (subject: number, sdk: number) => {
  const ratio = subject / sdk;
  const difference = `${subject >= sdk ? '+' : '−'}${mb(Math.abs(subject - sdk))}`;
  return `${mb(subject)} vs ${mb(sdk)} (${difference}): ${ratio.toFixed(2)}× (≤ ${HEAP_GOAL.toFixed(2)}: ${ratio <= HEAP_GOAL ? 'met' : 'MISSED'})`;
};

/**
 * Peak live-heap growth of the 1,000-message request and the 20,000-event stream, each provider
 * in a fresh child process run with `--expose-gc` (so nothing else the bench did is on the heap):
 * a full GC, then `heapUsed` sampled with a full GC as the request is sent and at 20 points along
 * the stream; the median growth of three runs after an unmeasured one.
 */
export async function run(): Promise<void> {
  console.log('\n## peak heap growth (Interlingua vs the official SDK; lower bound in brackets)\n');
  console.log('| provider | request build, 1,000 messages | stream, 20,000 events |');
  console.log('|---|---|---|');
  for (const name of Object.keys(KIT_BUILDERS)) {
    const { stdout } = await run_(process.execPath, ['--expose-gc', '--import', 'tsx', probe, name], {
      maxBuffer: 1 << 20,
      // The probe measures the built packages too.
      env: { ...process.env, TSX_TSCONFIG_PATH: BENCH_TSCONFIG },
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ProbeResult;
    console.log(
      `| ${result.label} | ${cell(result.requestSubject, result.requestSDK)} [${mb(result.requestLowerBound)}] | ${cell(result.streamSubject, result.streamSDK)} [${mb(result.streamLowerBound)}] |`,
    );
  }
}
