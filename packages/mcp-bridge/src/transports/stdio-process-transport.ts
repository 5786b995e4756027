import type { ChildProcess } from 'node:child_process';
import {
  deserializeMessage,
  type JSONRPCMessage,
  serializeMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import spawn from 'cross-spawn';
import { formatBytes } from './format-bytes';
import { findResponseId, JsonLineReader, type OversizedLine } from './json-line-reader';
import { killProcessTree, trackProcessGroup, waitForProcessTree } from './kill-process-tree';
import { ownGroupLaunch } from './own-group-launch';

/** The JSON-RPC error `data` of a response the bridge dropped for its size. */
export type MessageTooLargeData = { interlingua: 'message-too-large'; bytes: number; limit: number };

/** What {@link StdioProcessTransport} starts and how it reads and stops it. */
export type StdioProcessOptions = {
  command: string;
  args: string[];
  /** Added to the SDK's safe default environment (`PATH`, `HOME`, …). */
  env: Record<string, string>;
  cwd?: string;
  /** The largest message read from stdout, in bytes; a longer one is dropped and its request answered with an error. */
  maxMessageBytes: number;
  /** How long `close()` waits after closing stdin, and again after SIGTERM, before it kills. */
  closeTimeout: number;
  onStderr: (text: string) => void;
};

/**
 * The bridge's stdio transport: the child is spawned in a process group of its own (POSIX;
 * see {@link ownGroupLaunch} for how it stays in the host's session), so `close()` ends the whole tree it started — `npx` and the server under it, a `sh -c` and its
 * children — not only the direct child. `close()` closes stdin, waits `closeTimeout`, sends
 * SIGTERM to the group, waits again, then SIGKILL. On Windows the tree is ended with `taskkill /T`.
 *
 * Messages larger than `maxMessageBytes` are not fatal: the line is skipped, and when it was a
 * response to a pending request that request is answered with a JSON-RPC error naming the size
 * and the limit (data {@link MessageTooLargeData}); the server stays connected.
 */
export class StdioProcessTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  /** How the child ended, once it has. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private child: ChildProcess | undefined;
  private readonly pending = new Set<string | number>();
  private readonly reader: JsonLineReader;
  private closing: Promise<void> | undefined;
  private untrack: (() => void) | undefined;

  constructor(private readonly options: StdioProcessOptions) {
    this.reader = new JsonLineReader(
      options.maxMessageBytes,
      (line) => this.receive(line),
      (line) => this.dropOversized(line),
    );
  }

  /** The child's process id, once spawned. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * No stream to read: the child's stderr goes to `onStderr`. Present (with `pid`) because the
   * SDK recognizes a child-process transport by these two fields.
   */
  get stderr(): null {
    return null;
  }

  start(): Promise<void> {
    if (this.child !== undefined) throw new Error('StdioProcessTransport already started.');
    return new Promise((resolve, reject) => {
      const posix = process.platform !== 'win32';
      const { command, args, cwd } = this.options;
      const env = { ...getDefaultEnvironment(), ...this.options.env };
      // A new process group: its id is the child's pid, and every descendant that does not
      // leave it can be signalled at once. In the host's session where perl can make it, else
      // in a session of its own (`detached`).
      const launch = posix ? ownGroupLaunch(command, args, env, cwd) : undefined;
      const child = spawn(launch?.command ?? command, launch?.args ?? args, {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        detached: posix && launch === undefined,
        ...(cwd === undefined ? {} : { cwd }),
      });
      this.child = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => {
        if (posix && child.pid !== undefined) this.untrack = trackProcessGroup(child.pid);
        resolve();
      });
      child.on('exit', (code, signal) => {
        this.exit = { code, signal };
      });
      child.on('close', () => {
        // A server that died on its own may leave what it started behind, in its group.
        if (this.closing === undefined && posix && child.pid !== undefined) {
          killProcessTree(child, child.pid, 'SIGTERM');
          this.untrack?.();
        }
        this.reader.clear();
        this.pending.clear();
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.reader.push(chunk));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      // Read even when nobody listens, or a chatty server blocks on a full pipe.
      child.stderr?.on('data', (chunk: Buffer) => this.options.onStderr(chunk.toString('utf8')));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (stdin === undefined || stdin === null || this.exit !== undefined || this.closing !== undefined) {
      return Promise.reject(new Error('Not connected'));
    }
    let written: boolean;
    try {
      written = stdin.write(serializeMessage(message));
    } catch (error) {
      return Promise.reject(error);
    }
    if ('method' in message && 'id' in message) this.pending.add(message.id);
    // No promise of its own to make when the pipe took the bytes, the usual case.
    return written ? Promise.resolve() : new Promise((resolve) => stdin.once('drain', resolve));
  }

  /** Ends the child and everything it started; resolves once they are gone (or SIGKILLed). */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.pid === undefined) return;
    const group = process.platform === 'win32' ? undefined : child.pid;
    try {
      child.stdin?.end();
    } catch {
      // Already closed.
    }
    const { closeTimeout } = this.options;
    // The spec's shutdown: stdin closed, then SIGTERM, then SIGKILL. The group is signalled even
    // after the child exited on EOF, so what it started (npx's server, a shell's children) goes too.
    if (!(await waitForProcessTree(child, group, closeTimeout))) {
      killProcessTree(child, group, 'SIGTERM');
      if (!(await waitForProcessTree(child, group, closeTimeout))) killProcessTree(child, group, 'SIGKILL');
    } else if (group !== undefined) {
      killProcessTree(child, group, 'SIGTERM');
    }
    this.untrack?.();
  }

  private receive(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (('result' in message || 'error' in message) && 'id' in message && message.id !== undefined) {
      this.pending.delete(message.id);
    }
    this.onmessage?.(message);
  }

  private dropOversized(line: OversizedLine): void {
    const limit = this.options.maxMessageBytes;
    const found = findResponseId(line);
    const only = this.pending.size === 1 ? [...this.pending][0] : undefined;
    const id = found !== undefined && this.pending.has(found) ? found : only;
    const what = `a message of ${formatBytes(line.bytes)}, over the ${formatBytes(limit)} limit of one message (maxMessageBytes)`;
    if (id === undefined) {
      this.onerror?.(new Error(`The server sent ${what}; it was dropped.`));
      return;
    }
    this.pending.delete(id);
    const data: MessageTooLargeData = { interlingua: 'message-too-large', bytes: line.bytes, limit };
    this.onmessage?.({
      jsonrpc: '2.0',
      id,
      error: { code: -32603, message: `The server answered with ${what}; the answer was dropped.`, data },
    });
  }
}
