import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayConfigInput } from '@interlingua/gateway';
import { BUILT_CLI, ensureBuilt } from '../umbrella/ensure-built';
import { cleanEnv } from '../umbrella/umbrella-fixtures';

// Gateway replicas as real processes: the built `interlingua gateway` binary (it starts in about
// a second; running the sources through tsx takes several under load), each on a free loopback
// port, all sharing one Redis through the config's `store` entry.

/** One running replica. */
export type Replica = {
  readonly url: string;
  readonly child: ChildProcess;
  /** Its stdout so far: one JSON log line per request, plus the store's outage lines. */
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
  /** SIGTERM (drains in-flight requests) or SIGKILL (a crash); resolves once it exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
};

/** Writes a gateway config to a fresh temporary directory; `${env:REDIS_URL}` stays a reference. */
export function writeReplicaConfig(config: GatewayConfigInput): string {
  const path = join(mkdtempSync(join(tmpdir(), 'interlingua-replicas-')), 'gateway.json');
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

/** Builds the binary when needed (see ensureBuilt); call in `beforeAll` with a long timeout. */
export function ensureReplicaBinary(): void {
  ensureBuilt();
}

/** Starts one replica and resolves once it listens. */
export function startReplica(configPath: string, env: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, [BUILT_CLI, 'gateway', '--config', configPath, '--port', '0'], {
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+) /.exec(stderr);
      if (match?.[1] === undefined) return;
      resolve({
        url: match[1],
        child,
        stdout: () => stdout,
        stderr: () => stderr,
        exited,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`The replica exited (${code}) before listening: ${stderr}`)));
  });
}

/** Starts `count` replicas of one config at once. */
export async function startReplicas(count: number, configPath: string, env: Record<string, string>) {
  return Promise.all(Array.from({ length: count }, () => startReplica(configPath, env)));
}

/** A client spreading requests over the replicas in turn, as a round-robin load balancer does. */
export function roundRobin<T>(targets: readonly T[]): () => T {
  let next = 0;
  return () => targets[next++ % targets.length] as T;
}

/** Runs `tasks` with at most `concurrency` at once, answering their results in order. */
export async function runConcurrently<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

/** Polls until `condition` holds (or throws after `timeoutMs`). */
export async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Expected the condition within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An OpenAI chat completion as the backend answers it, with the usage the test charges. */
export function completion(text: string, usage: { prompt: number; completion: number }) {
  return {
    id: 'chatcmpl-replica',
    object: 'chat.completion',
    created: 1767225600,
    model: 'gpt-4.1',
    choices: [
      { index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop', logprobs: null },
    ],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
    },
  };
}

/** The chunks of a streamed OpenAI completion: role and text, the finish, then the usage chunk. */
export function completionChunks(parts: readonly string[], usage: { prompt: number; completion: number }) {
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id: 'chatcmpl-replica-stream',
    object: 'chat.completion.chunk',
    created: 1767225600,
    model: 'gpt-4.1',
    choices,
    ...extra,
  });
  return [
    ...parts.map((part, index) =>
      chunk([
        {
          index: 0,
          delta: index === 0 ? { role: 'assistant', content: part } : { content: part },
          finish_reason: null,
        },
      ]),
    ),
    chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
    chunk([], {
      usage: {
        prompt_tokens: usage.prompt,
        completion_tokens: usage.completion,
        total_tokens: usage.prompt + usage.completion,
      },
    }),
  ];
}
