import type { Usage } from '@interlingua/core';

/** What an unfinished call is charged, and whether any of it is the gateway's estimate. */
export type UnfinishedUsage = { usage: Usage; estimated: boolean };

/**
 * The usage to charge for a call that ended before the backend's final count — a client that
 * left, a stream the backend broke: what the backend reported so far, never less than what the
 * client was sent. The input is the backend's count when it gave one, else the prompt's
 * estimate; the output is the larger of the backend's count and the estimate of the output
 * relayed (a count reported at the start of a stream, as Anthropic's `message_start` does, says
 * little of the text that followed). `estimated` is true when an estimate was used.
 */
export function estimateUnfinishedUsage(
  reported: Usage | undefined,
  inputEstimate: number,
  relayedOutputEstimate: number,
): UnfinishedUsage {
  if (reported === undefined) {
    return { usage: { inputTokens: inputEstimate, outputTokens: relayedOutputEstimate }, estimated: true };
  }
  const inputEstimated = reported.inputTokens <= 0 && inputEstimate > 0;
  const outputEstimated = relayedOutputEstimate > reported.outputTokens;
  return {
    usage: {
      ...reported,
      inputTokens: inputEstimated ? inputEstimate : reported.inputTokens,
      outputTokens: outputEstimated ? relayedOutputEstimate : reported.outputTokens,
    },
    estimated: inputEstimated || outputEstimated,
  };
}
