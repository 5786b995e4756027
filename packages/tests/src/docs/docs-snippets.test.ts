// Issue 14, item 15: the runnable snippets of README.md and docs/**/*.md (```ts run) run against
// the offline demo model. Every snippet is type-checked by `pnpm check:docs` (in `pnpm check`);
// the check's own machinery is tested here on a broken snippet. Conventions: docs/writing-docs.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type DemoServer, startDemoServer } from 'interlingua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, type RunResult, run } from '../umbrella/umbrella-fixtures';
import { extractSnippets, findDocs, type Snippet } from './extract-snippets';
import { typeCheckSnippets } from './type-check-snippets';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const snippets: Snippet[] = findDocs(root).flatMap((path) => extractSnippets(root, path));
const runnable = snippets.filter((snippet) => snippet.mode === 'run');

let servers: DemoServer[] = [];
let cwd: string;
let runDir: string;
beforeAll(async () => {
  servers = await Promise.all([startDemoServer({ provider: 'anthropic' }), startDemoServer({ provider: 'openai' })]);
  // Where a runnable snippet runs: a folder with the mcp.json its `./mcp.json` means.
  cwd = mkdtempSync(join(tmpdir(), 'interlingua-docs-'));
  const weather = join(root, 'examples/weather-server/server.ts');
  writeFileSync(
    join(cwd, 'mcp.json'),
    JSON.stringify({ mcpServers: { weather: { command: process.execPath, args: ['--import', tsx, weather] } } }),
  );
  // Inside the repository, so `zod` and the workspace packages resolve (to their sources, by tsconfig paths).
  runDir = join(root, 'packages/tests', `.docs-run-${process.pid}`);
  mkdirSync(runDir, { recursive: true });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  rmSync(cwd, { recursive: true, force: true });
  rmSync(runDir, { recursive: true, force: true });
});

function runSnippet(snippet: Snippet): Promise<RunResult> {
  const file = join(runDir, `${snippet.file.replace(/[^A-Za-z0-9]+/g, '-')}-${snippet.line}.ts`);
  writeFileSync(file, `${snippet.code}\nexport {};\n`);
  const [anthropic, openai] = servers as [DemoServer, DemoServer];
  const env = cleanEnv({
    TSX_TSCONFIG_PATH: join(root, 'tsconfig.json'),
    ANTHROPIC_API_KEY: 'offline-demo',
    ANTHROPIC_BASE_URL: anthropic.baseURL,
    OPENAI_API_KEY: 'offline-demo',
    OPENAI_BASE_URL: openai.baseURL,
  });
  return run(process.execPath, ['--import', tsx, file], { cwd, env });
}

describe('the snippets of README.md and docs/', () => {
  it('are found in every page, new ones included', () => {
    expect(snippets.length).toBeGreaterThan(15);
    expect(new Set(snippets.map((snippet) => snippet.file))).toContain('README.md');
    expect(runnable.map((snippet) => snippet.file)).toContain('README.md');
  });

  it.each(runnable.map((snippet) => [`${snippet.file}:${snippet.line}`, snippet] as const))(
    '%s runs against the offline model and ends without an error',
    async (_where, snippet) => {
      const result = await runSnippet(snippet);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).not.toBe('');
    },
    90_000,
  );
});

describe('the snippet conventions', () => {
  it('read ts, ts run and ts no-check, and refuse any other word after ts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'interlingua-docs-md-'));
    try {
      const page = join(dir, 'page.md');
      writeFileSync(
        page,
        '```ts\nconst a = 1;\n```\n\n```ts run\nconsole.log(1);\n```\n\n```ts no-check\nfoo(\n```\n\n```sh\nls\n```\n',
      );
      expect(extractSnippets(dir, page).map(({ line, mode, code }) => ({ line, mode, code }))).toEqual([
        { line: 1, mode: 'check', code: 'const a = 1;' },
        { line: 5, mode: 'run', code: 'console.log(1);' },
        { line: 9, mode: 'no-check', code: 'foo(' },
      ]);
      writeFileSync(page, '```ts nocheck\nfoo(\n```\n');
      expect(() => extractSnippets(dir, page)).toThrow(
        'page.md:1: expected `ts`, `ts run` or `ts no-check`, got `ts nocheck`.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the type check reports an error at its Markdown line, and passes a snippet that is right', {
    timeout: 60_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'interlingua-docs-md-'));
    try {
      const page = join(dir, 'page.md');
      const text = [
        '# A page',
        '',
        '```ts',
        "import { findClosestMatch } from '@interlingua/core';",
        '',
        "const nearest = findClosestMatch('comand', ['command']);",
        'nearest?.toUpperCas();',
        '```',
        '',
        '```ts',
        "import { findClosestMatch } from '@interlingua/core';",
        "findClosestMatch('comand', ['command']);",
        '```',
      ].join('\n');
      writeFileSync(page, text);
      const found = extractSnippets(dir, page).map((snippet) => ({ ...snippet, file: 'page.md' }));
      expect(typeCheckSnippets(root, found)).toEqual([
        "page.md:7: Property 'toUpperCas' does not exist on type 'string'. Did you mean 'toUpperCase'?",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
