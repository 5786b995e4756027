import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

// Moves itself into a new process group, then becomes the server (`exec` keeps the pid, so the
// server's pid is the group's id). When `exec` fails, says why on stderr and exits 127 as a shell does.
const SCRIPT = 'setpgrp(0, 0); exec { $ARGV[0] } @ARGV; print STDERR "Cannot run $ARGV[0]: $!\\n"; exit 127;';

// undefined: not looked for yet; null: not found.
let perl: string | null | undefined;

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

// Where `execvp` would find `command`: a path with a slash as it is, else the first executable
// file of that name on `path` (an empty entry is the working directory).
function findExecutable(command: string, path: string | undefined, cwd: string): string | undefined {
  if (command.includes('/')) {
    const full = resolve(cwd, command);
    return isExecutableFile(full) ? full : undefined;
  }
  for (const dir of (path ?? '').split(delimiter)) {
    const candidate = resolve(cwd, dir, command);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/** A command line for `spawn`. */
export type Launch = { command: string; args: string[] };

/**
 * How to start a stdio server in a process group of its own while it stays in the host's session:
 * through `perl -e 'setpgrp; exec …'`, which runs the server under the same pid. Node can only
 * make a group with `detached: true`, that is `setsid()`: a session of its own, which Linux
 * schedules as an autogroup of its own, so under load every message to the server and back waits
 * for the scheduler. `undefined` where the caller must fall back to `detached`: no `perl` on the
 * host's PATH, a `PERL…` variable in the server's environment (it would reach the launcher too),
 * or a command that is not found (so that `spawn` reports `ENOENT` as it always did).
 */
export function ownGroupLaunch(
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string | undefined,
): Launch | undefined {
  if (process.platform === 'win32') return undefined;
  if (Object.keys(env).some((name) => name.startsWith('PERL'))) return undefined;
  perl ??= findExecutable('perl', process.env['PATH'], process.cwd()) ?? null;
  if (perl === null) return undefined;
  if (findExecutable(command, env['PATH'], cwd ?? process.cwd()) === undefined) return undefined;
  return { command: perl, args: ['-e', SCRIPT, '--', command, ...args] };
}
