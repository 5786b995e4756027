import { type ChildProcess, spawn } from 'node:child_process';

// Process groups of live stdio servers: ended if the host exits without closing the bridge.
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    // ESRCH: nothing is left in the group.
    return false;
  }
}

function endLiveGroups(): void {
  for (const live of liveGroups) signalGroup(live, 'SIGTERM');
}

// A server in a group of its own no longer gets the terminal's Ctrl-C. When nobody else handles
// the signal, end the servers, then die of it as the host would have; when the host handles it
// (a REPL cancelling a turn), it decides.
function onTerminatingSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  endLiveGroups();
  for (const name of TERMINATING_SIGNALS) process.off(name, onTerminatingSignal);
  process.kill(process.pid, signal);
}

const TERMINATING_SIGNALS: NodeJS.Signals[] = process.platform === 'win32' ? [] : ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Remembers a server's process group, so a host that exits without `close()` — or dies of
 * Ctrl-C, SIGTERM or SIGHUP it does not handle itself — still ends it.
 */
export function trackProcessGroup(group: number): () => void {
  liveGroups.add(group);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // One listener for every server; `exit` handlers must be synchronous, and a signal is.
    process.once('exit', endLiveGroups);
    for (const name of TERMINATING_SIGNALS) process.on(name, onTerminatingSignal);
  }
  return () => liveGroups.delete(group);
}

/**
 * Sends `signal` to the child's whole tree: its process group on POSIX (`group` is the child's
 * pid, the group's leader), `taskkill /T /F` on Windows, where there are no groups to signal.
 */
export function killProcessTree(child: ChildProcess, group: number | undefined, signal: NodeJS.Signals): void {
  if (group !== undefined) {
    // A launcher that has not made its group yet (the first milliseconds) is signalled itself.
    if (!signalGroup(group, signal) && !exited(child)) child.kill(signal);
    return;
  }
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  if (signal === 'SIGTERM') {
    child.kill('SIGTERM');
    return;
  }
  const taskkill = spawn('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
  taskkill.on('error', () => child.kill('SIGKILL'));
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Waits at most `timeout` ms for the child to exit and, on POSIX, for its process group to
 * empty; true when both happened in time.
 */
export async function waitForProcessTree(
  child: ChildProcess,
  group: number | undefined,
  timeout: number,
): Promise<boolean> {
  const deadline = Date.now() + timeout;
  if (!exited(child)) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeout);
      function done() {
        clearTimeout(timer);
        child.off('exit', done);
        resolve();
      }
      child.once('exit', done);
    });
    if (!exited(child)) return false;
  }
  if (group === undefined) return true;
  while (signalGroup(group, 0)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
