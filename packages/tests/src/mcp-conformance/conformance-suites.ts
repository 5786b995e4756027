import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** One version of the official conformance suite, and the protocol revision its scenarios run at. */
export type ConformanceSuite = {
  /** A name for the test titles: the package version and the revision. */
  title: string;
  /** The suite's CLI (`dist/index.js` of the package). */
  cli: string;
  /** `--spec-version` for every run; undefined: the suite infers it per scenario. */
  specVersion: string | undefined;
};

/** A client scenario and whether the revision requires it (`extension` and the like are only reported). */
export type ConformanceScenario = { name: string; required: boolean; note: string | undefined };

function cliOf(packageName: string): string {
  return join(dirname(require.resolve(`${packageName}/package.json`)), 'dist', 'index.js');
}

/** 0.1.16: the 2025-11-25 client scenarios, each run at the revision the suite gives it. */
export const SUITE_2025: ConformanceSuite = {
  title: '@modelcontextprotocol/conformance 0.1.16 (2025-11-25)',
  cli: cliOf('@modelcontextprotocol/conformance'),
  specVersion: undefined,
};

/** 0.2.0-alpha.12 (`mcp-conformance-next`): the frozen 2026-07-28 requirement set, at its wire. */
export const SUITE_2026: ConformanceSuite = {
  title: '@modelcontextprotocol/conformance 0.2.0-alpha.12 (--requirements 2026-07-28)',
  cli: cliOf('mcp-conformance-next'),
  specVersion: '2026-07-28',
};

/**
 * 0.1.16's client scenarios, from its own `list --client`: `name [revisions]`, where the
 * revisions `extension` (optional by definition) and `draft` (not yet a revision) are not required.
 */
export function listScenarios2025(node: string): ConformanceScenario[] {
  const text = execFileSync(node, [SUITE_2025.cli, 'list', '--client'], { encoding: 'utf8' });
  const scenarios: ConformanceScenario[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s+- (\S+)(?: \[([^\]]*)\])?$/.exec(line);
    if (match?.[1] === undefined) continue;
    const revisions = match[2] ?? '';
    const optional = /extension|draft/.test(revisions) ? revisions : undefined;
    scenarios.push({ name: match[1], required: optional === undefined, note: optional });
  }
  return scenarios;
}

/**
 * The 2026-07-28 requirement set of 0.2.0-alpha.12, from `list --requirements 2026-07-28`: the
 * client scenarios it scores, then those it runs without scoring (`[client]` under a reason).
 */
export function listScenarios2026(node: string): ConformanceScenario[] {
  const text = execFileSync(node, [SUITE_2026.cli, 'list', '--requirements', '2026-07-28'], { encoding: 'utf8' });
  const scenarios: ConformanceScenario[] = [];
  let section: 'client' | 'other' | 'unscored' = 'other';
  let reason = '';
  for (const line of text.split('\n')) {
    if (/^Client scenarios/.test(line)) section = 'client';
    else if (/^Server scenarios/.test(line)) section = 'other';
    else if (/^Run and reported, but never scored/.test(line)) section = 'unscored';
    const heading = /^\s+([a-z-]+) \(\d+\):$/.exec(line);
    if (heading?.[1] !== undefined) reason = heading[1];
    const item = /^\s+- (\S+)(?: \[(client|server)\])?$/.exec(line);
    if (item?.[1] === undefined) continue;
    if (section === 'client') scenarios.push({ name: item[1], required: true, note: undefined });
    if (section === 'unscored' && item[2] === 'client')
      scenarios.push({ name: item[1], required: false, note: reason });
  }
  return scenarios;
}
