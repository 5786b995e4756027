import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformanceSuite } from './conformance-suites';

/** One check of a scenario, as the suite writes it to `checks.json`. */
export type ConformanceCheck = {
  id: string;
  status: string;
  description?: string;
  details?: unknown;
  errorMessage?: string;
};

/** What one scenario run came to. */
export type ScenarioOutcome = {
  /** The suite's own verdict: its exit code was 0 (no failed or warning check, the client exited cleanly). */
  passed: boolean;
  checks: ConformanceCheck[];
  /** The suite's output: its check table, and the client's stderr when the client failed. */
  output: string;
};

function readChecks(directory: string): ConformanceCheck[] {
  const found = readdirSync(directory, { recursive: true, encoding: 'utf8' }).find((path) =>
    path.endsWith('checks.json'),
  );
  return found === undefined ? [] : (JSON.parse(readFileSync(join(directory, found), 'utf8')) as ConformanceCheck[]);
}

/**
 * Runs one client scenario of `suite` on `node` (the suite needs Node ≥ 22) against the
 * conformance client (`clientCommand`, from {@link bundleConformanceClient}), and reads the verdict
 * and the checks back. Never throws for a failed scenario: the outcome says so.
 */
export async function runConformanceScenario(
  node: string,
  clientCommand: string,
  suite: ConformanceSuite,
  scenario: { name: string; required: boolean },
  timeoutMs: number,
): Promise<ScenarioOutcome> {
  const output = mkdtempSync(join(tmpdir(), 'interlingua-conformance-'));
  const args = [suite.cli, 'client', '--command', clientCommand, '--scenario', scenario.name, '-o', output];
  // A scenario timeout well under the test's, so the suite reports a slow client itself.
  args.push('--timeout', String(Math.floor(timeoutMs / 2)));
  if (suite.specVersion !== undefined) args.push('--spec-version', suite.specVersion);
  // Extensions are on no revision's timeline: the suite skips them at a revision unless forced.
  if (!scenario.required && suite.specVersion !== undefined) args.push('--force');
  try {
    const { code, text } = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
      const child = spawn(node, args, {
        cwd: output,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', reject);
      child.on('close', (exitCode) => {
        clearTimeout(timer);
        resolve({ code: exitCode, text });
      });
    });
    return { passed: code === 0, checks: readChecks(output), output: text };
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}

/** Runs `tasks` with at most `limit` at a time: the machine is shared. */
export function boundedParallelism(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
