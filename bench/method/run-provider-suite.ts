import type { ProviderKit } from '../providers/provider-kit';
import { buildHistory } from '../workloads/build-history';
import { buildStreamEvents } from '../workloads/build-stream-events';
import { measurePaired, type PairedCell } from './measure-paired';
import { reportPaired } from './report-paired';

/** The request sizes (messages, with 20 tools) and stream lengths (events) every provider is measured at. */
export const REQUEST_SIZES = [10, 100, 1000] as const;
export const STREAM_SIZES = [100, 2000, 20_000] as const;

/** The goals of issue 15: request build ≤ 1.05× the SDK; a stream ≤ 1.00× the SDK and ≤ 1.5× the raw loop from 2,000 events. */
export const REQUEST_GOAL = 1.05;
export const STREAM_GOAL = 1.0;
export const STREAM_LOWER_BOUND_GOAL = 1.5;

/** Measures one provider's request-build and stream cells and prints its table. */
export async function runProviderSuite(kit: ProviderKit): Promise<void> {
  const cells: PairedCell[] = [];
  for (const size of REQUEST_SIZES) {
    const workload = kit.request(buildHistory(size));
    cells.push({
      name: `request build, ${size.toLocaleString('en')} messages + 20 tools`,
      ...workload,
      sdkGoal: REQUEST_GOAL,
    });
  }
  for (const size of STREAM_SIZES) {
    const workload = await kit.stream(buildHistory(10), buildStreamEvents(size));
    cells.push({
      name: `stream, ${size.toLocaleString('en')} events (${workload.nativeEvents.toLocaleString('en')} on the wire)`,
      sdk: () => workload.sdk(),
      subject: () => workload.subject(),
      lowerBound: workload.lowerBound,
      sdkGoal: STREAM_GOAL,
      ...(size >= 2000 ? { lowerBoundGoal: STREAM_LOWER_BOUND_GOAL } : {}),
    });
  }
  reportPaired(kit.label, await measurePaired(cells));
}
