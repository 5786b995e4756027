/**
 * The client scenarios McpBridge is known to fail, each with its reason, per suite. A listed
 * scenario that passes fails its test ("remove the entry"), as the suite's own baselines do.
 */
export const EXPECTED_FAILURES: Record<'2025' | '2026', Record<string, string>> = {
  '2025': {},
  '2026': {},
};
