import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type DemoServer, startDemoServer } from 'interlingua';
import type { Snippet } from './extract-snippets';

/** How {@link runSnippets} runs. */
export type RunSettings = {
  /** Snippets running at once. Default 2 (the machine's cores). */
  concurrency?: number;
  /** The longest one snippet may take before it is killed and reported. Default 60 s. */
  timeoutMs?: number;
};

/** A snippet that did not run to a clean end. */
export type SnippetFailure = { snippet: Snippet; message: string };

const requireHere = createRequire(import.meta.url);
const TSX = pathToFileURL(requireHere.resolve('tsx')).href;
const VITEST = join(requireHere.resolve('vitest/package.json'), '..', 'vitest.mjs');
const EVERYTHING = join(
  requireHere.resolve('@modelcontextprotocol/server-everything/package.json'),
  '..',
  'dist',
  'index.js',
);

/**
 * Runs each snippet as a user would after copying it into a file: `node --import tsx` (or
 * `vitest run` for a snippet importing vitest, which is a test file), in a folder holding an
 * `mcp.json`, with `ANTHROPIC_BASE_URL`, `OPENAI_BASE_URL` (and `OLLAMA_BASE_URL`) and `GOOGLE_GEMINI_BASE_URL` pointing at
 * demo servers (`startDemoServer`) and dummy keys set, so `model('anthropic:…')` reaches the
 * offline demo model unchanged. A snippet passes when it exits with 0 within `timeoutMs`.
 * At most `concurrency` run at once. Returns the failures, each with the snippet's stderr.
 */
export async function runSnippets(
  root: string,
  snippets: readonly Snippet[],
  settings: RunSettings = {},
): Promise<SnippetFailure[]> {
  const concurrency = settings.concurrency ?? 2;
  const timeoutMs = settings.timeoutMs ?? 60_000;
  const servers = await Promise.all(
    (['anthropic', 'openai', 'gemini'] as const).map((provider) => startDemoServer({ provider })),
  );
  // Inside the repository, so `zod` and the workspace packages resolve (to their sources, by tsconfig paths).
  const runDir = join(root, 'packages', 'tests', `.docs-run-${process.pid}`);
  const cwd = mkdtempSync(join(tmpdir(), 'interlingua-docs-'));
  try {
    mkdirSync(runDir, { recursive: true });
    prepareFolder(root, cwd, runDir);
    const env = snippetEnv(root, servers as [DemoServer, DemoServer, DemoServer]);
    const failures: SnippetFailure[] = [];
    let next = 0;
    const worker = async () => {
      while (next < snippets.length) {
        const snippet = snippets[next++] as Snippet;
        const message = await runOne(root, runDir, cwd, env, snippet, timeoutMs);
        if (message !== undefined) failures.push({ snippet, message });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return failures.sort((a, b) => a.snippet.file.localeCompare(b.snippet.file) || a.snippet.line - b.snippet.line);
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(cwd, { recursive: true, force: true });
    rmSync(runDir, { recursive: true, force: true });
  }
}

/**
 * The working folder's files a snippet may name: `./mcp.json` (the weather server and
 * server-everything) and `capabilities.json` (one capability row).
 */
function prepareFolder(root: string, cwd: string, runDir: string): void {
  const weather = join(root, 'examples/weather-server/server.ts');
  const mcp = {
    mcpServers: {
      weather: { command: process.execPath, args: ['--import', TSX, weather] },
      everything: { command: process.execPath, args: [EVERYTHING] },
    },
  };
  writeFileSync(join(cwd, 'mcp.json'), JSON.stringify(mcp, null, 2));
  const row = { match: 'ollama:my-finetune*', capabilities: { toolCalling: 'none' }, source: 'our own tests' };
  writeFileSync(join(cwd, 'capabilities.json'), JSON.stringify([row]));
  // Test files run by vitest with the repository's aliases, found only here.
  writeFileSync(
    join(runDir, 'vitest.config.ts'),
    [
      `import base from ${JSON.stringify(join(root, 'vitest.config.ts'))};`,
      "export default { ...base, test: { ...base.test, include: ['**/*.snippet.ts'], typecheck: { enabled: false } } };",
      '',
    ].join('\n'),
  );
}

/** The environment of every snippet: no real keys or endpoints of the caller, the demo servers instead. */
function snippetEnv(root: string, [anthropic, openai, gemini]: [DemoServer, DemoServer, DemoServer]) {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /_API_KEY$|_BASE_URL$|^AWS_|_TOKEN/.test(name)) continue;
    env[name] = value;
  }
  return {
    ...env,
    NO_COLOR: '1',
    TSX_TSCONFIG_PATH: join(root, 'tsconfig.json'),
    ANTHROPIC_API_KEY: 'offline-demo',
    ANTHROPIC_BASE_URL: anthropic.baseURL,
    OPENAI_API_KEY: 'offline-demo',
    OPENAI_BASE_URL: openai.baseURL,
    // Local OpenAI-compatible servers (Ollama and the like) are the demo server too.
    OLLAMA_BASE_URL: openai.baseURL,
    GEMINI_API_KEY: 'offline-demo',
    GOOGLE_GEMINI_BASE_URL: gemini.baseURL,
  };
}

/** Runs one snippet; undefined when it passed, else what went wrong with its stderr. */
async function runOne(
  root: string,
  runDir: string,
  cwd: string,
  env: Record<string, string>,
  snippet: Snippet,
  timeoutMs: number,
): Promise<string | undefined> {
  const slug = `${snippet.file.replace(/[^A-Za-z0-9]+/g, '-')}-${snippet.line}`;
  const isTest = /from ['"](vitest|@interlingua\/testkit\/vitest)['"]/.test(snippet.code);
  const folder = join(runDir, slug);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, isTest ? 'example.snippet.ts' : 'example.ts');
  writeFileSync(file, `${snippet.code}\nexport {};\n`);
  // A codec's test file reads the `__fixtures__` beside it: that of the adapter it imports the codec from.
  const adapter = /\b\w+Codec\b[^;]*from '@interlingua\/(\w+)'/.exec(snippet.code)?.[1];
  if (adapter !== undefined)
    symlinkSync(join(root, 'packages', adapter, 'src', '__fixtures__'), join(folder, '__fixtures__'));
  const [command, args, where] = isTest
    ? [
        process.execPath,
        [VITEST, 'run', '--config', join(runDir, 'vitest.config.ts'), '--root', folder, '--reporter', 'dot'],
        folder,
      ]
    : [process.execPath, ['--import', TSX, file], cwd];
  const result = await runBounded(command, args, where, env, timeoutMs);
  if (result.timedOut) return `did not end within ${timeoutMs / 1000} s.\n${result.output}`;
  if (result.code !== 0) return `exited with ${result.code}.\n${result.output}`;
  return undefined;
}

type Bounded = { code: number | null; output: string; timedOut: boolean };

/** Runs a child process to its end or its time bound (then kills its whole process group). */
function runBounded(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<Bounded> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout = (stdout + chunk).slice(-8000);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      // The snippet's servers (MCP children) end with it.
      killGroup(child.pid);
      // vitest reports a failing test on stdout; node's errors go to stderr.
      resolve({ code, output: stderr.trim() === '' ? stdout.trim() : stderr.trim(), timedOut });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
