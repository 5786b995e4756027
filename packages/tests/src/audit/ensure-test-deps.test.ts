// `scripts/ensure-test-deps.sh`, which `pnpm test` and .ci/run run first: on a machine where it may
// not install, it names what is missing in one line and fails, rather than letting the suite fail later.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../umbrella/umbrella-fixtures';

const SCRIPT = join(ROOT, 'scripts/ensure-test-deps.sh');
const BASH = '/bin/bash';
// A PATH with a shell, `id` and apt-get but neither redis-server nor openssl (nor sudo).
const bin = mkdtempSync(join(tmpdir(), 'interlingua-deps-'));
for (const tool of ['bash', 'env', 'id', 'apt-get']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
chmodSync(bin, 0o755); // reachable by `nobody` below
afterAll(() => rmSync(bin, { recursive: true, force: true }));

// As root, the script would install; the check of the refusal runs it as `nobody` instead.
const unprivileged = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? (['/usr/bin/setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', command, ...args]] as const)
    : ([command, args] as const);

// stdin closed from the start: the script reads none, and exits before a write to it could land.
function run(command: string, args: readonly string[], env?: NodeJS.ProcessEnv) {
  const { status, stdout, stderr } = spawnSync(command, args, {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: status, stdout, stderr };
}

describe('scripts/ensure-test-deps.sh', () => {
  it('names the missing packages and the command in one line, and fails, where it may not install', () => {
    const [command, args] = unprivileged(BASH, [SCRIPT]);
    const result = run(command, args, { PATH: bin, HOME: bin });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/missing: redis-server .*openssl/);
    expect(lines[0]).toMatch(/apt-get install -y redis-server .*openssl/);
  });

  it('is silent and succeeds when everything is there (as on the machine running this suite)', () => {
    const result = run(BASH, [SCRIPT]);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
