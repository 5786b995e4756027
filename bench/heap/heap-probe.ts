// Run by suites/heap.bench.ts in a child process: `node --expose-gc --import tsx heap-probe.ts <kit>`.
// Prints one JSON line: the peak live-heap growth, in bytes, of each side of the largest request
// and the largest stream.
import { KIT_BUILDERS } from '../providers/all-kits';
import type { KitProbes } from '../providers/provider-kit';
import { buildHistory } from '../workloads/build-history';
import { buildStreamEvents } from '../workloads/build-stream-events';

const exposedGC = (globalThis as { gc?: () => void }).gc;
if (exposedGC === undefined) throw new Error('Run with --expose-gc.');
const gc: () => void = exposedGC;
const kitName = process.argv[2] ?? '';
const build = KIT_BUILDERS[kitName];
if (build === undefined) throw new Error(`Unknown kit ${kitName}.`);

// Live heap = heapUsed right after a full collection. The probes sample it as the request is sent
// and at 20 points along the stream; the growth is the highest sample minus the heap before the op.
let peak = 0;
const sample = () => {
  gc();
  peak = Math.max(peak, process.memoryUsage().heapUsed);
};
const STREAM_EVENTS = 20_000;
const every = Math.floor(STREAM_EVENTS / 20);
const probes: KitProbes = { onSend: sample, onPull: (index) => index % every === every - 1 && sample() };

async function growth(op: () => Promise<unknown>): Promise<number> {
  // Once unmeasured first, so lazily built clients, caches and JIT code are not counted.
  await op();
  const samples: number[] = [];
  for (let run = 0; run < 3; run++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    peak = before;
    await op();
    sample();
    samples.push(peak - before);
  }
  return samples.sort((a, b) => a - b)[1] as number;
}

const kit = await build();
const request = kit.request(buildHistory(1000), probes);
const stream = await kit.stream(buildHistory(10), buildStreamEvents(STREAM_EVENTS), probes);
const result = {
  label: kit.label,
  requestSDK: await growth(request.sdk),
  requestSubject: await growth(request.subject),
  requestLowerBound: await growth(async () => {
    const text = request.lowerBound();
    sample();
    return text;
  }),
  streamSDK: await growth(() => stream.sdk()),
  streamSubject: await growth(() => stream.subject()),
  streamLowerBound: await growth(stream.lowerBound),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
