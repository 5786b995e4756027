import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packagesDir = fileURLToPath(new URL('../../packages', import.meta.url));

/** The tsconfig that maps `@interlingua/*` to the built packages (`pnpm bench` runs under it). */
export const BENCH_TSCONFIG = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

// The newest modification time of a source file (tests excluded) below `dir`.
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.includes('.test.'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The packages whose build is missing or older than their source. The bench measures the built
 * packages — what users run, and what the official SDKs it compares with ship — so a stale
 * build would measure old code.
 */
export function staleBuilds(): string[] {
  const stale: string[] = [];
  for (const name of readdirSync(packagesDir)) {
    const built = join(packagesDir, name, 'dist', 'index.js');
    const source = join(packagesDir, name, 'src');
    if (name === 'tests' || !existsSync(source)) continue;
    if (!existsSync(built) || statSync(built).mtimeMs < newestSource(source)) stale.push(name);
  }
  return stale;
}
