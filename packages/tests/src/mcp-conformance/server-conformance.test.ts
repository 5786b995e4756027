import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureNodeBinary } from './node-binary';
import { type RunningAggregator, startAggregator, upstreamEntry } from './server-aggregator';
import {
  EXPECTED_FAILURES,
  EXTENSION_SCENARIOS_2026,
  PENDING_2025,
  SCENARIOS_2025,
  SCENARIOS_2026,
} from './server-scenarios';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const SUITES = {
  '2025': { cli: require.resolve('@modelcontextprotocol/conformance/dist/index.js'), spec: '2025-11-25' },
  '2026': { cli: require.resolve('mcp-conformance-next/dist/index.js'), spec: '2026-07-28' },
} as const;

let node22: string;
// One aggregator per suite: its upstream spoken to in the suite's era (see `upstreamEntry`).
const aggregators: Partial<Record<keyof typeof SUITES, RunningAggregator>> = {};

// The machine is shared: at most two scenario runs at a time.
let running = 0;
const queue: (() => void)[] = [];
async function bounded<T>(task: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    queue.shift()?.();
  }
}

type Outcome = { passed: number; total: number; output: string };

async function runScenario(suite: keyof typeof SUITES, scenario: string, required = true): Promise<Outcome> {
  const { cli, spec } = SUITES[suite];
  const url = aggregators[suite]?.url ?? '';
  const args = [cli, 'server', '--url', url, '--scenario', scenario];
  if (suite === '2026' && required) args.push('--spec-version', spec);
  const { stdout, stderr } = await bounded(() =>
    run(node22, args, { timeout: 180_000, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? '' }),
    ),
  );
  const output = `${stdout}\n${stderr}`;
  const counts = /Passed: (\d+)\/(\d+)/.exec(output);
  return { passed: Number(counts?.[1] ?? 0), total: Number(counts?.[2] ?? -1), output };
}

function failedChecks(output: string): string {
  return output.slice(output.indexOf('=== Failed Checks ===')).slice(0, 2000);
}

async function listed(suite: keyof typeof SUITES, extra: string[]): Promise<string[]> {
  const { stdout } = await run(node22, [SUITES[suite].cli, 'list', '--server', ...extra], { timeout: 60_000 });
  const server = stdout.slice(
    0,
    stdout.indexOf('Client scenarios') === -1 ? undefined : stdout.indexOf('Client scenarios'),
  );
  return [...server.matchAll(/^\s+- ([a-z0-9-]+)/gm)].map((match) => match[1] as string);
}

beforeAll(async () => {
  node22 = await ensureNodeBinary(22);
  [aggregators['2025'], aggregators['2026']] = await Promise.all([
    startAggregator({ conformance: upstreamEntry('legacy') }),
    startAggregator({ conformance: upstreamEntry('2026-07-28') }),
  ]);
}, 600_000);

afterAll(async () => {
  await Promise.all(Object.values(aggregators).map((aggregator) => aggregator.close()));
});

describe('the scenario lists are the suite’s own', () => {
  it('0.1.16: the 2025-11-25 server scenarios (active and pending)', async () => {
    const all = await listed('2025', ['--spec-version', '2025-11-25']);
    expect([...all].sort()).toEqual([...SCENARIOS_2025, ...PENDING_2025].sort());
  });
  it('0.2: the scenarios 2026-07-28 requires', async () => {
    expect(await listed('2026', ['--requirements', '2026-07-28'])).toEqual([...SCENARIOS_2026]);
  });
});

for (const suite of ['2025', '2026'] as const) {
  const scenarios = suite === '2025' ? SCENARIOS_2025 : SCENARIOS_2026;
  describe.concurrent(`conformance ${SUITES[suite].spec}, server scenarios against the aggregator`, () => {
    for (const scenario of scenarios) {
      const expectedFailure = EXPECTED_FAILURES[suite][scenario];
      it(expectedFailure === undefined ? scenario : `${scenario} (expected to fail: ${expectedFailure})`, async () => {
        const { passed, total, output } = await runScenario(suite, scenario);
        expect(total, output.slice(-2000)).toBeGreaterThanOrEqual(0);
        if (expectedFailure === undefined) expect(passed, failedChecks(output)).toBe(total);
        else expect(passed, 'passes now: take it off EXPECTED_FAILURES').toBeLessThan(total);
      }, 240_000);
    }
  });
}

describe('scenarios no revision requires, run and reported', () => {
  it.each([
    ...PENDING_2025.map((scenario) => ['2025', scenario] as const),
    ...EXTENSION_SCENARIOS_2026.map((scenario) => ['2026', scenario] as const),
  ])(
    '%s %s',
    async (suite, scenario) => {
      const { passed, total, output } = await runScenario(suite, scenario, false);
      console.info(`conformance ${suite} ${scenario} (not required): ${passed}/${total}`);
      expect(total, output.slice(-2000)).toBeGreaterThanOrEqual(0);
    },
    240_000,
  );
});
