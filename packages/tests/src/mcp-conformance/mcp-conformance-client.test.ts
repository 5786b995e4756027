import { afterAll, describe, expect, it } from 'vitest';
import { bundleConformanceClient } from './bundle-conformance-client';
import {
  type ConformanceScenario,
  type ConformanceSuite,
  listScenarios2025,
  listScenarios2026,
  SUITE_2025,
  SUITE_2026,
} from './conformance-suites';
import { EXPECTED_FAILURES } from './expected-failures';
import { ensureNodeBinary } from './node-binary';
import { boundedParallelism, runConformanceScenario, type ScenarioOutcome } from './run-conformance-scenario';

// The official suite against McpBridge as a client (issue 29): one test per scenario, so a failure
// names it. The suite needs Node ≥ 22 and runs on a binary from the npm registry; the client under
// test runs on the machine's Node. Three scenarios at a time: each starts two Node processes.
const node = await ensureNodeBinary(22);
const clientCommand = await bundleConformanceClient();
const limit = boundedParallelism(3);
const SCENARIO_TIMEOUT_MS = 120_000;

type Tally = { required: number; requiredPassed: number; optional: string[] };
const tallies = new Map<string, Tally>();

function describeFailure(outcome: ScenarioOutcome): string {
  const failed = outcome.checks
    .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
    .map((check) => `${check.id}: ${check.errorMessage ?? JSON.stringify(check.details ?? check.description)}`);
  return failed.length > 0 ? failed.join('\n') : outcome.output.slice(-4000);
}

function scenarioTests(suite: ConformanceSuite, scenarios: ConformanceScenario[], expected: Record<string, string>) {
  const tally: Tally = { required: 0, requiredPassed: 0, optional: [] };
  tallies.set(suite.title, tally);
  for (const scenario of scenarios) {
    const title = scenario.required ? scenario.name : `${scenario.name} (${scenario.note}, reported)`;
    it.concurrent(
      title,
      async () => {
        const outcome = await limit(() =>
          runConformanceScenario(node, clientCommand, suite, scenario, SCENARIO_TIMEOUT_MS),
        );
        // The scenario really ran: the suite wrote the checks it made.
        expect(outcome.checks.length, outcome.output.slice(-2000)).toBeGreaterThan(0);
        if (!scenario.required) {
          tally.optional.push(`${scenario.name}: ${outcome.passed ? 'passed' : 'failed'}`);
          return;
        }
        tally.required++;
        if (outcome.passed) tally.requiredPassed++;
        const reason = expected[scenario.name];
        if (reason === undefined) {
          expect(outcome.passed, describeFailure(outcome)).toBe(true);
        } else {
          expect(outcome.passed, `${scenario.name} passes now: remove it from EXPECTED_FAILURES (${reason})`).toBe(
            false,
          );
        }
      },
      SCENARIO_TIMEOUT_MS + 60_000,
    );
  }
}

describe(SUITE_2025.title, () => {
  scenarioTests(SUITE_2025, listScenarios2025(node), EXPECTED_FAILURES['2025']);
});

describe(SUITE_2026.title, () => {
  scenarioTests(SUITE_2026, listScenarios2026(node), EXPECTED_FAILURES['2026']);
});

afterAll(() => {
  for (const [title, tally] of tallies) {
    console.log(
      `${title}: ${tally.requiredPassed}/${tally.required} required client scenarios passed; reported: ${tally.optional.sort().join('; ')}`,
    );
  }
});
