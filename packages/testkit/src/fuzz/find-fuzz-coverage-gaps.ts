import type { DecoderName } from './check-decoder';
import type { CodecFuzzReport } from './fuzz-codec';

/**
 * What a passing {@link fuzzCodec} run failed to exercise, as one line each (none: `[]`): a
 * decoder that ran fewer than `numRuns` cases, or whose cases all decoded (the mutations never
 * broke an input) or were all rejected (they never kept one valid), and a `decodeResponse`
 * that read none of the error bodies among the seeds as an `APICallError`. A run with gaps
 * passed without proving much.
 *
 * @example
 * expect(findFuzzCoverageGaps(await fuzzCodec(codec, { fixtures, numRuns: 300 }), 300)).toEqual([]);
 */
export function findFuzzCoverageGaps(report: CodecFuzzReport, numRuns: number): string[] {
  const gaps: string[] = [];
  for (const decoder of ['decodeResponse', 'decodeStream', 'decodeRequest'] as const satisfies DecoderName[]) {
    const entry = report.decoders[decoder];
    if (entry === undefined || entry.cases < numRuns) {
      gaps.push(`${decoder}: ran ${entry?.cases ?? 0} of ${numRuns} cases`);
      continue;
    }
    if (entry.decoded === 0) gaps.push(`${decoder}: no case decoded to IR`);
    if (entry.decoded === entry.cases) gaps.push(`${decoder}: no case was rejected`);
  }
  const errorBodies = report.decoders.decodeResponse?.rejected.API_CALL_ERROR ?? 0;
  if (report.decoders.decodeResponse !== undefined && errorBodies === 0) {
    gaps.push('decodeResponse: no error body was read as an APICallError');
  }
  return gaps;
}
