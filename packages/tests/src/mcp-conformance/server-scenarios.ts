/**
 * The conformance suite's server scenarios this project runs against the aggregator, per suite
 * version, and the ones expected to fail with the reason. `server-conformance.test.ts` checks these
 * lists against the suite's own (`list`), so they cannot drift from what the suite requires.
 */

/** `@modelcontextprotocol/conformance` 0.1.16, its active server suite (2025-11-25). */
export const SCENARIOS_2025 = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
] as const;

/** Listed for 2025-11-25 by 0.1.16 but pending (left out of its active suite): run and reported. */
export const PENDING_2025 = ['json-schema-2020-12', 'server-sse-polling'] as const;

/** `mcp-conformance-next` (0.2.0-alpha.12), `--requirements 2026-07-28`: the frozen required server list. */
export const SCENARIOS_2026 = [
  'server-stateless',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'tools-call-with-progress',
  'server-sse-multiple-streams',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'sep-2164-resource-not-found',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
  'caching',
  'input-required-result-basic-elicitation',
  'input-required-result-basic-sampling',
  'input-required-result-basic-list-roots',
  'input-required-result-request-state',
  'input-required-result-multiple-input-requests',
  'input-required-result-multi-round',
  'input-required-result-missing-input-response',
  'input-required-result-non-tool-request',
  'input-required-result-result-type',
  'input-required-result-unsupported-methods',
  'input-required-result-tampered-state',
  'input-required-result-capability-check',
  'input-required-result-ignore-extra-params',
  'input-required-result-validate-input',
] as const;

/** Extension scenarios of the 0.2 suite, run and reported, not required by any revision. */
export const EXTENSION_SCENARIOS_2026 = [
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-status-notifications',
] as const;

/** Scenarios expected to fail, each with why; a test fails when one of them starts to pass. */
export const EXPECTED_FAILURES: Record<'2025' | '2026', Partial<Record<string, string>>> = {
  '2025': {},
  '2026': {},
};
