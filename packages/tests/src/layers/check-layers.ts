import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * Which workspace packages each package's source may import (docs/DESIGN's dependency table): arrows
 * only point down, adapters never import one another, `core` imports no adapter. `tests` (the
 * cross-package tests) may import every package. The testkit is never in a list: only tests import it.
 */
export const ALLOWED_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = {
  core: [],
  openai: ['core'],
  anthropic: ['core'],
  gemini: ['core'],
  bedrock: ['core'],
  capabilities: ['core'],
  'mcp-bridge': ['core'],
  agent: ['core'],
  testkit: ['core'],
  gateway: ['core', 'capabilities'],
  interlingua: ['core', 'openai', 'anthropic', 'gemini', 'bedrock', 'capabilities', 'mcp-bridge', 'agent', 'gateway'],
  tests: [
    'core',
    'openai',
    'anthropic',
    'gemini',
    'bedrock',
    'capabilities',
    'mcp-bridge',
    'agent',
    'gateway',
    'interlingua',
    'testkit',
  ],
};

/**
 * Folders inside a package that sit on floors of their own, lowest first: a source file may import its
 * own folder and the folders below it, never one above (tests may import any). mcp-bridge keeps config,
 * auth, transports, host and serving apart as the MCP SDK keeps client from server.
 */
export const FOLDER_FLOORS: Readonly<Record<string, readonly string[]>> = {
  'mcp-bridge': ['config', 'auth', 'transports', 'host', 'serving'],
};

/** One broken rule: the importing file (relative to the root), what it imported, and why that is not allowed. */
export type LayerViolation = { file: string; specifier: string; rule: string };

/** What {@link checkLayers} found: rule violations, and each import cycle as the files on it. */
export type LayerReport = { violations: LayerViolation[]; cycles: string[][] };

// A package's layering is its `src/`; examples and benchmarks are applications and follow the entry rule.
const SOURCE_ROOTS = ['examples', 'bench'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '__snippets__']);

/**
 * Checks the layering of the TypeScript sources under `root` (each `packages/<name>/src`, `examples/`, `bench/`):
 * a workspace package is imported only through its name or a subpath its `package.json` publishes;
 * a package imports only the packages {@link ALLOWED_DEPENDENCIES} lists for it, and only its tests
 * and their `__fixtures__` import the testkit (examples and benchmarks, applications outside the
 * packages, may); a relative import never leaves its package (except a test reading another package's
 * `__fixtures__`); a `__fixtures__` module is imported only by tests; and no files import each other
 * in a circle (type-only imports included: a circle of types is still a circle a reader untangles).
 */
export function checkLayers(root: string): LayerReport {
  const published = publishedEntries(root);
  const packageSources = [...published.keys()].map((folder) => join(root, 'packages', folder, 'src'));
  const files = [...packageSources, ...SOURCE_ROOTS.map((folder) => join(root, folder))].flatMap(listSources);
  const violations: LayerViolation[] = [];
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const from = describeFile(root, file);
    const edges: string[] = [];
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier);
        if (target === undefined) continue;
        edges.push(target);
        const to = describeFile(root, target);
        const where = relative(root, file);
        // Tests may share another package's recorded fixtures (`packages/tests` replaying Bedrock's routes).
        const sharedFixture = from.test && to.fixture;
        if (from.pkg !== to.pkg && !sharedFixture) {
          violations.push({
            file: where,
            specifier,
            rule: `a relative import leaves its package (${from.pkg ?? 'outside packages'} → ${to.pkg ?? 'outside packages'}); import the package by name`,
          });
        }
        const upward = from.pkg === to.pkg && !from.test ? folderBackArrow(root, from.pkg, file, target) : undefined;
        if (upward !== undefined) violations.push({ file: where, specifier, rule: upward });
        if (to.fixture && !from.test && !from.fixture) {
          violations.push({ file: where, specifier, rule: 'a __fixtures__ module is imported only by tests' });
        }
        continue;
      }
      const workspace = workspacePackage(specifier);
      if (workspace === undefined) continue;
      const where = relative(root, file);
      const entries = published.get(workspace.pkg);
      if (entries === undefined) {
        violations.push({ file: where, specifier, rule: `no workspace package ${workspace.name}` });
        continue;
      }
      if (!entries.has(workspace.subpath)) {
        violations.push({
          file: where,
          specifier,
          rule: `${workspace.name} publishes ${[...entries].map((entry) => (entry === '.' ? 'its root' : entry)).join(', ')}; import one of those, never a file inside it`,
        });
      }
      if (workspace.pkg === 'testkit' && from.pkg !== undefined && !from.test && !from.fixture) {
        violations.push({ file: where, specifier, rule: 'only tests import the testkit' });
        continue;
      }
      if (from.pkg === undefined || workspace.pkg === from.pkg) continue;
      const allowed = ALLOWED_DEPENDENCIES[from.pkg];
      if (allowed === undefined) {
        violations.push({ file: where, specifier, rule: `package ${from.pkg} has no row in the dependency table` });
      } else if (!allowed.includes(workspace.pkg) && !(workspace.pkg === 'testkit' && (from.test || from.fixture))) {
        violations.push({
          file: where,
          specifier,
          rule: `${from.pkg} may import ${allowed.length === 0 ? 'no other package' : allowed.join(', ')} (DESIGN.md's dependency table), not ${workspace.pkg}`,
        });
      }
    }
    graph.set(file, edges);
  }
  const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(root, file)));
  return { violations, cycles };
}

// The floor of a file inside a package with FOLDER_FLOORS: the index of its first folder under src/.
function floorOf(root: string, pkg: string, file: string): number | undefined {
  const floors = FOLDER_FLOORS[pkg];
  if (floors === undefined) return undefined;
  const top = relative(join(root, 'packages', pkg, 'src'), file).split(sep)[0] ?? '';
  const index = floors.indexOf(top);
  return index === -1 ? undefined : index;
}

function folderBackArrow(root: string, pkg: string | undefined, file: string, target: string): string | undefined {
  if (pkg === undefined) return undefined;
  const fromFloor = floorOf(root, pkg, file);
  const toFloor = floorOf(root, pkg, target);
  if (fromFloor === undefined || toFloor === undefined || toFloor <= fromFloor) return undefined;
  const floors = FOLDER_FLOORS[pkg] ?? [];
  return `${pkg}'s folders sit on floors (${floors.join(' ← ')}): ${floors[fromFloor]}/ may not import ${floors[toFloor]}/`;
}

/** The report as lines for a terminal; empty when all is well. */
export function formatLayerReport(report: LayerReport): string[] {
  return [
    ...report.violations.map((violation) => `${violation.file}: imports '${violation.specifier}': ${violation.rule}`),
    ...report.cycles.map((cycle) => `import cycle: ${[...cycle, cycle[0]].join(' → ')}`),
  ];
}

type FileRole = { pkg: string | undefined; test: boolean; fixture: boolean };

function describeFile(root: string, file: string): FileRole {
  const parts = relative(root, file).split(sep);
  // Examples and benchmarks are applications: they follow the entry rule, and only their tests use the testkit.
  const pkg = parts[0] === 'packages' ? parts[1] : undefined;
  const name = parts[parts.length - 1] ?? '';
  return {
    pkg,
    test: pkg === 'tests' || /\.test(-d)?\.ts$/.test(name),
    fixture: parts.includes('__fixtures__'),
  };
}

function workspacePackage(specifier: string): { pkg: string; name: string; subpath: string } | undefined {
  if (specifier === 'interlingua' || specifier.startsWith('interlingua/')) {
    return { pkg: 'interlingua', name: 'interlingua', subpath: `.${specifier.slice('interlingua'.length)}` };
  }
  const match = /^@interlingua\/([^/]+)(\/.*)?$/.exec(specifier);
  if (match === null) return undefined;
  return { pkg: match[1] as string, name: `@interlingua/${match[1]}`, subpath: `.${match[2] ?? ''}` };
}

/** Folder name → the entries (`.`, `./adapter`, …) its package.json `exports` publishes. */
function publishedEntries(root: string): Map<string, Set<string>> {
  const entries = new Map<string, Set<string>>();
  const packages = join(root, 'packages');
  for (const folder of readdirSync(packages).sort()) {
    const manifest = join(packages, folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, unknown> };
    entries.set(folder, new Set(exports === undefined ? ['.'] : Object.keys(exports)));
  }
  return entries;
}

function listSources(folder: string): string[] {
  if (!existsSync(folder)) return [];
  const found: string[] = [];
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...listSources(path));
    else if (/\.(ts|mts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** Every module specifier of a file: imports, re-exports, `import()` calls and `import('…')` types. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

function resolveRelative(file: string, specifier: string): string | undefined {
  const base = resolve(dirname(file), specifier.replace(/\.(m?js)$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.mts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // JSON, text and other assets are leaves: no cycle runs through them.
  return undefined;
}

/** The strongly connected components with more than one file (Tarjan), each as a cycle through its files. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = component.length === 1 && (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(orderAsCycle(component, graph));
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return components;
}

/** A walk through a component's files from its first (sorted) one, following edges inside it, as far as it goes. */
function orderAsCycle(component: readonly string[], graph: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0] as string;
  const path = [start];
  const seen = new Set(path);
  let current = start;
  for (;;) {
    const next = (graph.get(current) ?? []).find((candidate) => members.has(candidate) && !seen.has(candidate));
    if (next === undefined) break;
    path.push(next);
    seen.add(next);
    current = next;
  }
  return path;
}
