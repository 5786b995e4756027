import type { PairedResult } from './measure-paired';

function verdict(ratio: number, goal: number | undefined): string {
  if (goal === undefined) return '';
  return ` (≤ ${goal.toFixed(2)}: ${ratio <= goal ? 'met' : 'MISSED'})`;
}

/** Prints paired results as a Markdown table: the ratios to the SDK and to the lower bound, with their goals. */
export function reportPaired(suite: string, results: PairedResult[]): void {
  console.log(`\n## ${suite}\n`);
  console.log('| workload | ÷ official SDK | ÷ lower bound | SDK ms | Interlingua ms | lower bound ms |');
  console.log('|---|---|---|---|---|---|');
  for (const result of results) {
    const lower =
      result.lowerBoundRatio === undefined
        ? '—'
        : `${result.lowerBoundRatio.toFixed(2)}×${verdict(result.lowerBoundRatio, result.lowerBoundGoal)}`;
    console.log(
      `| ${result.name} | ${result.sdkRatio.toFixed(2)}×${verdict(result.sdkRatio, result.sdkGoal)} | ${lower} | ${result.sdkMs.toFixed(3)} | ${result.subjectMs.toFixed(3)} | ${result.lowerBoundMs === undefined ? '—' : result.lowerBoundMs.toFixed(3)} |`,
    );
  }
}
