import { Bench } from 'tinybench';

/** One comparison: the code under test against the lower bound it cannot beat, measured in the same run. */
export type Comparison = {
  name: string;
  /** The lower bound (e.g. a bare `JSON.parse` loop, the bare SDK call). */
  baseline: () => unknown;
  /** The code under test, doing the same job. */
  subject: () => unknown;
  /** The ratio the issue allows (reported, not asserted). */
  goal?: number;
};

export type ComparisonResult = { name: string; baselineMs: number; subjectMs: number; ratio: number; goal?: number };

/**
 * Runs each comparison with tinybench (both sides interleaved in one Bench, so machine
 * noise hits both) and reports subject/baseline as a ratio of median latencies.
 */
export async function compare(comparisons: Comparison[], options: { time?: number } = {}): Promise<ComparisonResult[]> {
  const results: ComparisonResult[] = [];
  for (const comparison of comparisons) {
    const bench = new Bench({ time: options.time ?? 500, warmupTime: 100 });
    bench.add('baseline', comparison.baseline).add('subject', comparison.subject);
    await bench.run();
    const [baseline, subject] = bench.tasks.map((task) => {
      const result = task.result as { latency?: { p50?: number } } | undefined;
      const median = result?.latency?.p50;
      if (median === undefined) throw new Error(`${comparison.name}: task ${task.name} produced no latency`);
      return median;
    });
    results.push({
      name: comparison.name,
      baselineMs: baseline as number,
      subjectMs: subject as number,
      ratio: (subject as number) / (baseline as number),
      ...(comparison.goal === undefined ? {} : { goal: comparison.goal }),
    });
  }
  return results;
}

/** Prints results as an aligned table. */
export function report(suite: string, results: ComparisonResult[]): void {
  console.log(`\n## ${suite}`);
  for (const result of results) {
    const goal =
      result.goal === undefined ? '' : `  goal ≤ ${result.goal}× ${result.ratio <= result.goal ? 'met' : 'MISSED'}`;
    console.log(
      `${result.name.padEnd(58)} baseline ${result.baselineMs.toFixed(4).padStart(10)} ms  subject ${result.subjectMs.toFixed(4).padStart(10)} ms  ratio ${result.ratio.toFixed(2).padStart(6)}×${goal}`,
    );
  }
}
