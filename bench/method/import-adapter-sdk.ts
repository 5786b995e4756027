import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Exports = string | { [condition: string]: Exports | undefined } | undefined;

function importTarget(exports: Exports): string | undefined {
  if (typeof exports === 'string' || exports === undefined) return exports;
  for (const condition of ['node', 'import', 'default']) {
    const target = importTarget(exports[condition]);
    if (target !== undefined && !target.endsWith('.d.ts') && !target.endsWith('.d.mts')) return target;
  }
  return undefined;
}

/**
 * Imports an official SDK exactly as the adapter package `adapter` resolves it — the same
 * version, and the same ESM (or, for a CommonJS-only package, CJS) file the adapter's own
 * `import` loads — so both sides of a pair run the very same SDK code.
 */
export async function importAdapterSDK<T>(adapter: string, specifier: string): Promise<T> {
  const require = createRequire(new URL(`../../packages/${adapter}/package.json`, import.meta.url));
  let root = dirname(require.resolve(specifier));
  while (!existsSync(join(root, 'package.json')) || !root.replaceAll('\\', '/').endsWith(specifier)) {
    const parent = dirname(root);
    if (parent === root) throw new Error(`Cannot find the package root of ${specifier} from ${adapter}.`);
    root = parent;
  }
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports?: Record<string, Exports>;
  };
  const exported = manifest.exports === undefined ? undefined : importTarget(manifest.exports['.'] ?? manifest.exports);
  if (exported === undefined) return require(specifier) as T;
  return (await import(pathToFileURL(join(root, exported)).href)) as T;
}

/** The version of an SDK the adapter package resolves. */
export function adapterSDKVersion(adapter: string, specifier: string): string {
  const require = createRequire(new URL(`../../packages/${adapter}/package.json`, import.meta.url));
  let root = dirname(require.resolve(specifier));
  while (!root.replaceAll('\\', '/').endsWith(specifier)) root = dirname(root);
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}
