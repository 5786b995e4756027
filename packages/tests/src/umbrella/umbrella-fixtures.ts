import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/**
 * The CLI's entry point, run from source through tsx (resolving `@interlingua/*` to the packages'
 * sources by the root tsconfig's paths): `pnpm test` needs no `pnpm build` first, and always tests
 * the code as it is. The built bin's packaging is checked by `pnpm check` (publint, attw).
 */
export const CLI = join(ROOT, 'packages/interlingua/src/cli.ts');
/** The weather MCP server's source. */
export const WEATHER_SERVER = join(ROOT, 'examples/weather-server/server.ts');
/** tsx's loader, for `node --import`. */
export const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** An mcp.json (in a fresh temp folder) that starts the weather server over stdio through tsx's loader, plus `more` servers. */
export function writeWeatherMcpConfig(more: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'interlingua-cli-'));
  const path = join(dir, 'mcp.json');
  writeFileSync(
    path,
    JSON.stringify({
      mcpServers: { ...more, weather: { command: process.execPath, args: ['--import', TSX, WEATHER_SERVER] } },
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

/** Runs the CLI (from source, see {@link CLI}), from the repository root unless `cwd` says otherwise. */
export function runCli(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
) {
  // tsx finds the paths to the sources in the root tsconfig, wherever the CLI runs.
  const env = { ...(options.env ?? cleanEnv()), TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json') };
  return run(process.execPath, ['--import', TSX, CLI, ...args], { ...options, env });
}
