/** One side of a paired cell: an operation run many times (awaited when it returns a promise). */
export type Side = () => unknown;

/**
 * One cell of the table: Interlingua (`subject`) against the official SDK of the same version
 * doing the same work (`sdk`), and against the lower bound nobody can beat (`lowerBound`).
 */
export type PairedCell = {
  name: string;
  sdk: Side;
  subject: Side;
  lowerBound?: Side;
  /** The ratio subject ÷ SDK the issue allows. */
  sdkGoal: number;
  /** The ratio subject ÷ lower bound the issue allows, when it sets one. */
  lowerBoundGoal?: number;
};

/** What {@link measurePaired} found for one cell: medians of the per-round ratios. */
export type PairedResult = {
  name: string;
  /** Median per-op time of each side, in ms (for orientation only: the ratios are the figures). */
  sdkMs: number;
  subjectMs: number;
  lowerBoundMs?: number;
  /** Median over rounds of (subject time ÷ SDK time) in the same round. */
  sdkRatio: number;
  /** Median over rounds of (subject time ÷ lower-bound time) in the same round. */
  lowerBoundRatio?: number;
  sdkGoal: number;
  lowerBoundGoal?: number;
  rounds: number;
};

/**
 * Settings of {@link measurePaired}; `BENCH_ROUNDS`, `BENCH_BATCH_MS` and `BENCH_WARMUP_MS` override the defaults.
 * `clock: 'cpu'` times batches in this process's CPU time (user + system, `process.cpuUsage`)
 * instead of wall time: for synchronous sides only (a side that waits would not be charged for
 * the wait), where time spent waiting for a core on a loaded machine should not count.
 */
export type PairedOptions = { rounds?: number; batchMs?: number; warmupMs?: number; clock?: 'wall' | 'cpu' };

async function runOnce(op: Side): Promise<void> {
  const result = op();
  if (result instanceof Promise) await result;
}

async function timeBatch(op: Side, iterations: number, clock: 'wall' | 'cpu' = 'wall'): Promise<number> {
  if (clock === 'cpu') {
    const start = process.cpuUsage();
    for (let i = 0; i < iterations; i++) await runOnce(op);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / iterations;
  }
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await runOnce(op);
  return (performance.now() - start) / iterations;
}

// Runs the op until `ms` passed and at least 5 times (so the JIT has settled; twice for an op
// that alone takes longer than the warm-up); returns the mean time of one op over the second
// half of the warm-up.
async function warm(op: Side, ms: number): Promise<number> {
  const start = performance.now();
  const durations: number[] = [];
  do {
    const began = performance.now();
    await runOnce(op);
    durations.push(performance.now() - began);
  } while (
    durations.length < 2 ||
    (durations.length < 5 && performance.now() - start < 4 * ms) ||
    performance.now() - start < ms
  );
  const settled = durations.slice(durations.length >> 1);
  return settled.reduce((sum, duration) => sum + duration, 0) / settled.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Measures each cell in interleaved rounds: in every round each side runs one batch (the same
 * number of ops for every side, sized so the SDK's batch takes about `batchMs`), in an order that
 * rotates from round to round, and the round's ratios are taken between batches timed moments
 * apart. The figures are the medians of those per-round ratios, so load that comes and goes hits
 * both sides of a pair and a burst spoils one round, not the figure.
 */
export async function measurePaired(cells: PairedCell[], options: PairedOptions = {}): Promise<PairedResult[]> {
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? options.rounds ?? 11);
  const batchMs = Number(process.env['BENCH_BATCH_MS'] ?? options.batchMs ?? 30);
  const warmupMs = Number(process.env['BENCH_WARMUP_MS'] ?? options.warmupMs ?? 400);
  const results: PairedResult[] = [];
  const sidesOf = (cell: PairedCell): Side[] => [
    cell.sdk,
    cell.subject,
    ...(cell.lowerBound === undefined ? [] : [cell.lowerBound]),
  ];
  // A first pass over every side of every cell, so the code the cells share is compiled before
  // the first cell is measured (else the first cell of a suite pays the JIT for all of them).
  for (const cell of cells) for (const side of sidesOf(cell)) await warm(side, warmupMs / 4);
  for (const cell of cells) {
    const sides = sidesOf(cell);
    const single = await warm(cell.sdk, warmupMs);
    for (const side of sides.slice(1)) await warm(side, warmupMs);
    const iterations = Math.max(1, Math.round(batchMs / Math.max(single, 1e-3)));
    // An op far longer than a batch (a 20,000-event stream) gets fewer rounds, so the whole bench
    // stays within minutes: 5 above 8 batches, 3 above a second.
    const cellRounds = Math.min(rounds, single > 1000 ? 3 : single > 8 * batchMs ? 5 : rounds);
    const times: number[][] = sides.map(() => []);
    for (let round = 0; round < cellRounds; round++) {
      for (let k = 0; k < sides.length; k++) {
        const index = (round + k) % sides.length;
        times[index]?.push(await timeBatch(sides[index] as Side, iterations, options.clock));
      }
    }
    const [sdkTimes, subjectTimes, lowerTimes] = times as [number[], number[], number[] | undefined];
    const result: PairedResult = {
      name: cell.name,
      sdkMs: median(sdkTimes),
      subjectMs: median(subjectTimes),
      sdkRatio: median(subjectTimes.map((time, round) => time / (sdkTimes[round] as number))),
      sdkGoal: cell.sdkGoal,
      rounds: cellRounds,
    };
    if (lowerTimes !== undefined) {
      result.lowerBoundMs = median(lowerTimes);
      result.lowerBoundRatio = median(subjectTimes.map((time, round) => time / (lowerTimes[round] as number)));
      if (cell.lowerBoundGoal !== undefined) result.lowerBoundGoal = cell.lowerBoundGoal;
    }
    results.push(result);
  }
  return results;
}
