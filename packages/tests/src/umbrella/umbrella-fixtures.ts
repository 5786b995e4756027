import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The built `interlingua` bin. */
export const CLI = join(ROOT, 'packages/interlingua/dist/cli.js');
/** The weather MCP server's source. */
export const WEATHER_SERVER = join(ROOT, 'examples/weather-server/server.ts');

const UMBRELLA_AND_DEPENDENCIES = [
  'core',
  'openai',
  'anthropic',
  'gemini',
  'capabilities',
  'mcp-bridge',
  'agent',
  'gateway',
  'interlingua',
];

/**
 * Builds the umbrella and the packages it depends on when a `dist` is missing, or when the
 * umbrella's own sources are newer than its bin, so the CLI tests run the real binary even on a
 * fresh clone where nobody ran `pnpm build`. (A dependency changed since its last build is not
 * detected: run `pnpm build` after changing one.)
 */
export function ensureBuilt(): void {
  const stale = UMBRELLA_AND_DEPENDENCIES.some((name) => {
    const dist = join(ROOT, 'packages', name, 'dist', name === 'interlingua' ? 'cli.js' : 'index.js');
    if (!existsSync(dist)) return true;
    return name === 'interlingua' && newestMtime(join(ROOT, 'packages', name, 'src')) > statSync(dist).mtimeMs;
  });
  if (!stale) return;
  try {
    execFileSync('pnpm', ['--filter', 'interlingua...', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 280_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    const output = `${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`.split('\n').slice(-40).join('\n');
    throw new Error(`\`pnpm --filter interlingua... build\` failed:\n${output}`, { cause: error });
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '__fixtures__') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** An mcp.json (in a fresh temp folder) that starts the weather server over stdio through tsx's loader, plus `more` servers. */
export function writeWeatherMcpConfig(more: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'interlingua-cli-'));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const path = join(dir, 'mcp.json');
  writeFileSync(
    path,
    JSON.stringify({
      mcpServers: { ...more, weather: { command: process.execPath, args: ['--import', tsx, WEATHER_SERVER] } },
    }),
  );
  return path;
}

/** The environment of a child: this one without any provider key or endpoint, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /_API_KEY$|_BASE_URL$/.test(name)) continue;
    env[name] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** What a child process printed and how it ended. */
export type RunResult = { code: number | null; stdout: string; stderr: string };

/** Runs a command to its end, with `input` on stdin (stdin closed either way). */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** Runs the built CLI. */
export function runCli(args: readonly string[], options: { env?: Record<string, string>; input?: string } = {}) {
  return run(process.execPath, [CLI, ...args], options);
}
