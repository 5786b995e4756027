// Issue 32: what `npm publish` would ship. Each package is packed as it would be published
// (`pnpm pack` into a temp folder) and its tarball read: the LICENSE and a README with absolute
// links are in it, and the built code imports only what the package declares — the umbrella's bundle
// holds no copy of zod (it imports the one it depends on), and no CJS build has an empty `import.meta`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../umbrella/ensure-built';
import { ROOT } from '../umbrella/umbrella-fixtures';

type Manifest = {
  name: string;
  private?: boolean;
  repository?: { url?: string; directory?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const PUBLISHED = readdirSync(join(ROOT, 'packages'))
  .map((folder) => ({
    folder,
    manifest: JSON.parse(readFileSync(join(ROOT, 'packages', folder, 'package.json'), 'utf8')) as Manifest,
  }))
  .filter(({ manifest }) => manifest.private !== true);

const LICENSE = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
let packDir: string | undefined;
/** The files of each package's tarball, by folder name: path inside the package → content. */
const tarballs = new Map<string, Map<string, string>>();

function readTarball(tarball: string): Map<string, string> {
  const files = new Map<string, string>();
  const paths = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
  for (const path of paths) {
    if (path.endsWith('.map') || path.endsWith('/')) continue;
    const content = execFileSync('tar', ['-xzOf', tarball, path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    files.set(path.replace(/^package\//, ''), content);
  }
  return files;
}

beforeAll(() => {
  ensureBuilt(); // the umbrella and everything it bundles or imports: the `dist` packed below
  // What the umbrella does not depend on (the testkit), built on a fresh clone too.
  for (const { folder, manifest } of PUBLISHED) {
    if (existsSync(join(ROOT, 'packages', folder, 'dist'))) continue;
    execFileSync('pnpm', ['--filter', manifest.name, 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 900_000 });
  }
  packDir = mkdtempSync(join(tmpdir(), 'interlingua-pack-'));
  for (const { folder } of PUBLISHED) {
    const out = join(packDir, folder);
    execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: join(ROOT, 'packages', folder), stdio: 'pipe' });
    const [tarball] = readdirSync(out).filter((name) => name.endsWith('.tgz'));
    if (tarball === undefined) throw new Error(`pnpm pack wrote no tarball for packages/${folder}.`);
    tarballs.set(folder, readTarball(join(out, tarball)));
  }
}, 1_200_000);

afterAll(() => {
  if (packDir !== undefined) rmSync(packDir, { recursive: true, force: true });
});

/** The package a bare specifier names (`zod/v4` → `zod`, `@scope/name/sub` → `@scope/name`); undefined for builtins and relative paths. */
function packageOf(specifier: string): string | undefined {
  if (
    specifier.startsWith('.') ||
    specifier.startsWith('node:') ||
    builtinModules.includes(specifier.split('/')[0] ?? '')
  ) {
    return undefined;
  }
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every package a built file imports or requires (static, dynamic and `require`). */
function importsOf(code: string): Set<string> {
  const names = new Set<string>();
  // A specifier that looks like one (a string in the CLI's text that reads `from '…'` is not).
  const specifier = String.raw`((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w.@-]+)*|node:[\w/]+)`;
  const pattern = new RegExp(
    String.raw`(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s*)["']${specifier}["']`,
    'gm',
  );
  for (const match of code.matchAll(pattern)) {
    const name = packageOf(match[1] ?? '');
    if (name !== undefined) names.add(name);
  }
  return names;
}

describe('the published tarballs', () => {
  it('finds every package to publish', () => {
    expect(PUBLISHED.map(({ manifest }) => manifest.name)).toEqual(
      expect.arrayContaining(['@interlingua/core', '@interlingua/testkit', '@interlingua/gateway', 'interlingua']),
    );
    expect(PUBLISHED.length).toBeGreaterThanOrEqual(11);
  });

  it.each(PUBLISHED.map(({ folder }) => folder))('packages/%s ships the MIT LICENSE of the repository', (folder) => {
    expect(tarballs.get(folder)?.get('LICENSE')).toBe(LICENSE);
  });

  it.each(PUBLISHED.map(({ folder }) => folder))(
    'packages/%s ships a README whose links work on npm (absolute), with an install line and a snippet',
    (folder) => {
      const readme = tarballs.get(folder)?.get('README.md') ?? '';
      const { name } = PUBLISHED.find((entry) => entry.folder === folder)?.manifest ?? { name: '' };
      expect(readme).toMatch(new RegExp(`^# ${name.replace('/', '\\/')}\\n`));
      expect(readme).toContain(`npm install ${folder === 'testkit' ? '--save-dev ' : ''}${name}`);
      expect(readme).toMatch(/```ts\n/);
      const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] ?? '');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(/^https:\/\//);
    },
  );

  it.each(PUBLISHED.map(({ folder }) => folder))('packages/%s names its folder in the repository field', (folder) => {
    const { repository } = PUBLISHED.find((entry) => entry.folder === folder)?.manifest ?? {};
    expect(repository?.url).toMatch(/^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/);
    expect(repository?.directory).toBe(`packages/${folder}`);
  });

  it.each(PUBLISHED.map(({ folder }) => folder))(
    'packages/%s: its built code imports only what it declares, and no CJS file has an empty import.meta',
    (folder) => {
      const { manifest } = PUBLISHED.find((entry) => entry.folder === folder) ?? { manifest: {} as Manifest };
      const declared = new Set([
        manifest.name,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
      ]);
      const built = [...(tarballs.get(folder) ?? new Map<string, string>())].filter(
        ([path]) => path.startsWith('dist/') && /\.c?js$/.test(path),
      );
      expect(built.length, `packages/${folder} has no dist: run pnpm build`).toBeGreaterThan(0);
      for (const [path, code] of built) {
        // The trace page's script is bundled for the browser: it imports nothing.
        if (path === 'dist/trace-page.js') continue;
        const undeclared = [...importsOf(code)].filter((name) => !declared.has(name));
        expect(undeclared, `${manifest.name} ${path}`).toEqual([]);
        if (path.endsWith('.cjs')) expect(code, `${manifest.name} ${path}`).not.toContain('import_meta');
      }
    },
  );

  it('the umbrella imports zod rather than bundling a copy of it', () => {
    const files = tarballs.get('interlingua') ?? new Map<string, string>();
    for (const path of ['dist/index.js', 'dist/index.cjs', 'dist/cli.js']) {
      expect(files.get(path)?.length ?? 0, path).toBeGreaterThan(0);
    }
    // The CLI loads each command when it runs, so zod may be imported by a chunk rather than by
    // cli.js itself: every built file is checked, and the entries and chunks together import it.
    const built = [...files].filter(([path]) => path.startsWith('dist/') && /\.c?js$/.test(path));
    for (const [path, code] of built) {
      // esbuild marks each bundled module with its path: a copy of zod would show as node_modules/…/zod/.
      expect(code, path).not.toMatch(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?zod\//);
      expect(code, path).not.toMatch(/\bclass \$?ZodError\b|\bZodError = /);
    }
    for (const path of ['dist/index.js', 'dist/index.cjs'])
      expect(importsOf(files.get(path) ?? ''), path).toContain('zod');
    expect(
      built.some(([path, code]) => path !== 'dist/index.js' && path.endsWith('.js') && importsOf(code).has('zod')),
    ).toBe(true);
  });
});
