import type { McpRestartPolicy } from './mcp-bridge-options';
import { sleepUnlessAborted } from './sleep-unless-aborted';

/** How {@link restartWithBackoff} ended. */
export type RestartOutcome =
  | { type: 'restarted'; attempt: number }
  | { type: 'closed' }
  | { type: 'gave-up'; lastError: unknown };

/**
 * Brings a connection back: up to `policy.maxAttempts` calls of `connect`, waiting
 * `initialDelayMs` before the first and doubling the wait each time (at most `maxDelayMs`).
 * `onAttempt` hears of each attempt before its wait. Stops, without another attempt, as soon as
 * `signal` aborts (the connection is being closed).
 */
export async function restartWithBackoff(
  policy: McpRestartPolicy,
  signal: AbortSignal,
  connect: () => Promise<void>,
  onAttempt: (attempt: number, delayMs: number) => void,
): Promise<RestartOutcome> {
  const { maxAttempts, initialDelayMs, maxDelayMs } = policy;
  let lastError: unknown;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const delayMs = Math.min(initialDelayMs * 2 ** (attempt - 1), maxDelayMs);
    onAttempt(attempt, delayMs);
    await sleepUnlessAborted(delayMs, signal);
    if (signal.aborted) return { type: 'closed' };
    try {
      await connect();
      return { type: 'restarted', attempt };
    } catch (error) {
      lastError = error;
      if (signal.aborted) return { type: 'closed' };
    }
  }
  return { type: 'gave-up', lastError };
}
