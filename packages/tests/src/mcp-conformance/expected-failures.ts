/**
 * The required client scenarios McpBridge is known to fail, each with its reason, per suite. A
 * listed scenario that passes fails its test ("remove the entry"), as the suite's own baselines
 * do, so this list only ever shrinks.
 */
export const EXPECTED_FAILURES: Record<'2025' | '2026', Record<string, string>> = {
  '2025': {
    // The 0.2 suite's copy of this scenario serves a matching issuer, and passes.
    'auth/2025-03-26-oauth-metadata-backcompat':
      "0.1.16's scenario serves authorization-server metadata whose `issuer` (…/oauth) is not the URL it was fetched for; RFC 8414 §3.3 says to reject it, and the SDK's auth() does (IssuerMismatchError)",
  },
  '2026': {},
};
