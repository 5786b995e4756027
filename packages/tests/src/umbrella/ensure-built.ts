import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './umbrella-fixtures';

/** The built `interlingua` bin, with the trace page's bundled script beside it. */
export const BUILT_CLI = join(ROOT, 'packages/interlingua/dist/cli.js');

const UMBRELLA_AND_DEPENDENCIES = [
  'core',
  'openai',
  'anthropic',
  'gemini',
  'capabilities',
  'mcp-bridge',
  'bedrock',
  'agent',
  'gateway',
  'interlingua',
];

/**
 * Builds the umbrella and the packages it depends on when a `dist` is missing, or when the
 * umbrella's (or the gateway's) own sources are newer than its build. The trace page's test needs it (its browser
 * script is bundled by the build) and the gateway's binary test (every other CLI test runs the sources); on a fresh clone it
 * costs one build of the umbrella and its dependencies. (A dependency changed since its last build is not
 * detected: run `pnpm build` after changing one.)
 */
export function ensureBuilt(): void {
  const stale = UMBRELLA_AND_DEPENDENCIES.some((name) => {
    const dist = join(ROOT, 'packages', name, 'dist', name === 'interlingua' ? 'cli.js' : 'index.js');
    if (!existsSync(dist)) return true;
    // The gateway's too: its replicas' tests run the built binary, Redis store included.
    return (
      (name === 'interlingua' || name === 'gateway') &&
      newestMtime(join(ROOT, 'packages', name, 'src')) > statSync(dist).mtimeMs
    );
  });
  if (!stale) return;
  try {
    // 15 minutes: about 2 on a quiet 2-core machine, past 5 on a busy one. (A synchronous call: the
    // calling hook's own timeout cannot cut it short.)
    execFileSync('pnpm', ['--filter', 'interlingua...', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 900_000 });
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
