// Issue 27: the layering rules are checked by a tool in `pnpm check` (`pnpm check:layers`), so the next
// violation fails CI. The rule is tested here on a small tree with one forbidden import and one cycle,
// through the same command `pnpm check` runs, and on the repository itself, which must pass.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLayers, formatLayerReport } from './check-layers';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const runner = fileURLToPath(new URL('./run-check-layers.ts', import.meta.url));
const tsxCli = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs');

const manifest = (name: string, subpaths: string[] = []) =>
  JSON.stringify({
    name: `@interlingua/${name}`,
    exports: Object.fromEntries(['.', ...subpaths, './package.json'].map((entry) => [entry, './dist/x.js'])),
  });

/** A workspace in miniature: core (with its adapter subpath), two adapters and the testkit. */
function writeTree(folder: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
}

const healthy: Record<string, string> = {
  'packages/core/package.json': manifest('core', ['./adapter']),
  'packages/core/src/index.ts': "export { value } from './value';\n",
  'packages/core/src/value.ts': 'export const value = 1;\n',
  'packages/core/src/adapter/index.ts': "export { value as kitValue } from '../value';\n",
  'packages/testkit/package.json': manifest('testkit'),
  'packages/testkit/src/index.ts': "import { value } from '@interlingua/core';\nexport const scripted = value;\n",
  'packages/anthropic/package.json': manifest('anthropic'),
  'packages/anthropic/src/index.ts': "import { value } from '@interlingua/core';\nexport const anthropic = value;\n",
  'packages/openai/package.json': manifest('openai'),
  'packages/openai/src/index.ts': [
    "import { value } from '@interlingua/core';",
    "import { kitValue } from '@interlingua/core/adapter';",
    'export const openai = value + kitValue;',
    '',
  ].join('\n'),
  // Tests and their fixtures may use the testkit.
  'packages/openai/src/openai.test.ts':
    "import { scripted } from '@interlingua/testkit';\nimport { routes } from './__fixtures__/routes';\nexport const both = [scripted, routes];\n",
  'packages/openai/src/__fixtures__/routes.ts':
    "import { scripted } from '@interlingua/testkit';\nexport const routes = [scripted];\n",
};

let tree: string;
beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'interlingua-layers-'));
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function freshTree(extra: Record<string, string>): string {
  const folder = mkdtempSync(join(tree, 'case-'));
  writeTree(folder, { ...healthy, ...extra });
  return folder;
}

describe('check:layers', () => {
  it('passes a tree that keeps the rules', () => {
    expect(checkLayers(freshTree({}))).toEqual({ violations: [], cycles: [] });
  });

  it('fails on an adapter importing another adapter and on a cycle between files, naming both', async () => {
    const folder = freshTree({
      // An adapter importing another adapter: DESIGN.md's table forbids it.
      'packages/openai/src/index.ts':
        "import { anthropic } from '@interlingua/anthropic';\nexport const openai = anthropic;\n",
      // Two files of core importing each other (types only, still a cycle).
      'packages/core/src/value.ts':
        "import type { Other } from './other';\nexport const value = 1;\nexport type Value = Other;\n",
      'packages/core/src/other.ts': "import type { Value } from './value';\nexport type Other = Value | number;\n",
    });
    const report = checkLayers(folder);
    expect(report.violations).toEqual([
      {
        file: join('packages', 'openai', 'src', 'index.ts'),
        specifier: '@interlingua/anthropic',
        rule: "openai may import core (DESIGN.md's dependency table), not anthropic",
      },
    ]);
    expect(report.cycles).toEqual([
      [join('packages', 'core', 'src', 'other.ts'), join('packages', 'core', 'src', 'value.ts')],
    ]);

    // The command `pnpm check` runs exits non-zero and names both.
    const failure = await promisify(execFile)(process.execPath, [tsxCli, runner, folder]).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      "packages/openai/src/index.ts: imports '@interlingua/anthropic': openai may import core (DESIGN.md's dependency table), not anthropic",
    );
    expect(failure?.stderr).toContain(
      'import cycle: packages/core/src/other.ts → packages/core/src/value.ts → packages/core/src/other.ts',
    );
    expect(failure?.stdout).toContain('layers: 1 layering violation, 1 import cycle.');
  }, 120_000);

  it('fails on a file inside another package, the testkit outside tests, a relative import across packages and a fixture used by source', () => {
    const folder = freshTree({
      'packages/anthropic/src/deep.ts':
        "import { value } from '@interlingua/core/src/value';\nexport const deep = value;\n",
      'packages/anthropic/src/scripted.ts':
        "import { scripted } from '@interlingua/testkit';\nexport const fake = scripted;\n",
      'packages/anthropic/src/reach.ts': "import { value } from '../../core/src/value';\nexport const reach = value;\n",
      'packages/openai/src/uses-fixture.ts':
        "import { routes } from './__fixtures__/routes';\nexport const shipped = routes;\n",
    });
    const lines = formatLayerReport(checkLayers(folder));
    expect(lines).toEqual([
      expect.stringMatching(
        /^packages\/anthropic\/src\/deep\.ts: imports '@interlingua\/core\/src\/value': @interlingua\/core publishes its root, \.\/adapter, \.\/package\.json; import one of those/,
      ),
      "packages/anthropic/src/reach.ts: imports '../../core/src/value': a relative import leaves its package (anthropic → core); import the package by name",
      "packages/anthropic/src/scripted.ts: imports '@interlingua/testkit': only tests import the testkit",
      "packages/openai/src/uses-fixture.ts: imports './__fixtures__/routes': a __fixtures__ module is imported only by tests",
    ]);
  });

  it('fails when a folder of mcp-bridge imports a folder on a higher floor, not when a test does', () => {
    const folder = freshTree({
      'packages/mcp-bridge/package.json': manifest('mcp-bridge'),
      'packages/mcp-bridge/src/config/server-config.ts':
        "import { host } from '../host/bridge';\nexport const config = host;\n",
      'packages/mcp-bridge/src/host/bridge.ts': 'export const host = 1;\n',
      'packages/mcp-bridge/src/auth/login.ts': 'export const login = 2;\n',
      'packages/mcp-bridge/src/host/uses-auth.ts':
        "import { login } from '../auth/login';\nexport const both = login;\n",
      'packages/mcp-bridge/src/auth/login.test.ts':
        "import { host } from '../host/bridge';\nexport const seen = host;\n",
    });
    expect(formatLayerReport(checkLayers(folder))).toEqual([
      "packages/mcp-bridge/src/config/server-config.ts: imports '../host/bridge': mcp-bridge's folders sit on floors (config ← auth ← transports ← host ← serving): config/ may not import host/",
    ]);
  });

  it('passes on this repository: no layering violation, no import cycle', () => {
    const report = checkLayers(root);
    expect(formatLayerReport(report)).toEqual([]);
  }, 120_000);
});
