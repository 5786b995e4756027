// Issue 14, item 15 and issue 32: every TypeScript snippet of README.md and docs/**/*.md is
// type-checked and run against the offline demo models by `pnpm check:docs` (in `pnpm check`),
// unless marked `ts no-run <reason>`. The check's own machinery is tested here: a broken snippet
// fails the type check at its Markdown line, a failing or hanging one fails the run with its
// file:line and stderr. Conventions: docs/writing-docs.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractSnippets, findDocs, type Snippet } from './extract-snippets';
import { runSnippets } from './run-snippets';
import { typeCheckSnippets } from './type-check-snippets';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const snippets: Snippet[] = findDocs(root).flatMap((path) => extractSnippets(root, path));

describe('the snippets of README.md and docs/', () => {
  it('are found in every page, new ones included, and most run', () => {
    expect(snippets.length).toBeGreaterThan(15);
    expect(new Set(snippets.map((snippet) => snippet.file))).toContain('README.md');
    const run = snippets.filter((snippet) => snippet.mode === 'run').length;
    const typeCheckOnly = snippets.filter((snippet) => snippet.mode === 'no-run');
    expect(run).toBeGreaterThan(typeCheckOnly.length * 4);
    for (const snippet of typeCheckOnly) expect(snippet.reason).toMatch(/\w+ \w+/);
  });
});

/** A Markdown page in a temporary folder, its snippets as the checker reads them. */
function page(text: string): { snippets: Snippet[]; close(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'interlingua-docs-md-'));
  const path = join(dir, 'page.md');
  writeFileSync(path, text);
  const found = extractSnippets(dir, path).map((snippet) => ({ ...snippet, file: 'page.md' }));
  return { snippets: found, close: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('the run', () => {
  it('passes a snippet that reaches the offline model, and fails one that throws at its file:line with its stderr', {
    timeout: 180_000,
  }, async () => {
    const { snippets: found, close } = page(
      [
        '# A page',
        '',
        '```ts',
        "import { model } from 'interlingua';",
        '',
        "const reply = await model('anthropic:claude-sonnet-4-6').generate({",
        "  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],",
        '});',
        "if (reply.finishReason !== 'stop') throw new Error('The call did not end with stop.');",
        '```',
        '',
        '```ts',
        "throw new Error('The weather service is down.');",
        '```',
        '',
        '```ts no-run a server: it listens until stopped',
        'await new Promise(() => {});',
        '```',
      ].join('\n'),
    );
    try {
      expect(found.map(({ line, mode }) => ({ line, mode }))).toEqual([
        { line: 3, mode: 'run' },
        { line: 12, mode: 'run' },
        { line: 16, mode: 'no-run' },
      ]);
      const failures = await runSnippets(
        root,
        found.filter((snippet) => snippet.mode === 'run'),
      );
      expect(failures.map(({ snippet }) => `${snippet.file}:${snippet.line}`)).toEqual(['page.md:12']);
      expect(failures[0]?.message).toMatch(/^exited with 1\.\n[\s\S]*Error: The weather service is down\./);
    } finally {
      close();
    }
  });

  it('kills a snippet that outlives its time bound, and says so', { timeout: 120_000 }, async () => {
    const { snippets: found, close } = page('```ts\nsetInterval(() => {}, 1000);\n```\n');
    try {
      const failures = await runSnippets(root, found, { timeoutMs: 8000 });
      expect(failures.map(({ snippet, message }) => `${snippet.file}:${snippet.line}: ${message}`)).toEqual([
        'page.md:1: did not end within 8 s.\n',
      ]);
    } finally {
      close();
    }
  });
});

describe('the snippet conventions', () => {
  it('read ts, ts no-run <reason> and ts no-check, and refuse any other word after ts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'interlingua-docs-md-'));
    try {
      const page = join(dir, 'page.md');
      writeFileSync(
        page,
        '```ts\nconst a = 1;\n```\n\n```ts no-run needs Redis\nconsole.log(1);\n```\n\n```ts no-check\nfoo(\n```\n\n```sh\nls\n```\n',
      );
      expect(extractSnippets(dir, page).map(({ line, mode, reason, code }) => ({ line, mode, reason, code }))).toEqual([
        { line: 1, mode: 'run', reason: undefined, code: 'const a = 1;' },
        { line: 5, mode: 'no-run', reason: 'needs Redis', code: 'console.log(1);' },
        { line: 9, mode: 'no-check', reason: undefined, code: 'foo(' },
      ]);
      writeFileSync(page, '```ts nocheck\nfoo(\n```\n');
      expect(() => extractSnippets(dir, page)).toThrow(
        'page.md:1: expected `ts`, `ts no-run <reason>` or `ts no-check`, got `ts nocheck`.',
      );
      writeFileSync(page, '```ts no-run\nfoo(\n```\n');
      expect(() => extractSnippets(dir, page)).toThrow(
        'page.md:1: expected a reason after `no-run` (why it cannot run offline), got `ts no-run`.',
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
        "import { findClosestMatch } from '@interlingua/core/adapter';",
        '',
        "const nearest = findClosestMatch('comand', ['command']);",
        'nearest?.toUpperCas();',
        '```',
        '',
        '```ts',
        "import { findClosestMatch } from '@interlingua/core/adapter';",
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
