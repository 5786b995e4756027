/**
 * `pnpm check:docs` (part of `pnpm check`): type-checks every TypeScript snippet of README.md and
 * docs/**\/*.md against the packages' sources, printing each error at its Markdown line, then runs
 * every snippet not marked `no-run` against the offline demo models, printing a failing one's
 * file:line and stderr. Conventions for snippets: docs/writing-docs.md.
 *
 * Usage: `tsx check-docs.ts [file.md…]` — the given pages only (paths from the repository root);
 * by default README.md and every page of docs/. `--no-run` type-checks only.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractSnippets, findDocs } from './extract-snippets';
import { runSnippets } from './run-snippets';
import { typeCheckSnippets } from './type-check-snippets';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const args = process.argv.slice(2);
const pages = args.filter((arg) => !arg.startsWith('--'));
const paths = pages.length === 0 ? findDocs(root) : pages.map((page) => join(root, page));
const snippets = paths.flatMap((path) => extractSnippets(root, path));
const checked = snippets.filter((snippet) => snippet.mode !== 'no-check');
const errors = typeCheckSnippets(root, checked);
for (const error of errors) process.stderr.write(`${error}\n`);
const runnable = args.includes('--no-run') ? [] : checked.filter((snippet) => snippet.mode === 'run');
const failures = await runSnippets(root, runnable);
for (const { snippet, message } of failures) {
  process.stderr.write(`${snippet.file}:${snippet.line}: the snippet ${message.trimEnd()}\n\n`);
}
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
process.stdout.write(
  `docs: ${checked.length} of ${snippets.length} TypeScript snippets type-checked (${plural(errors.length, 'error')}), ` +
    `${runnable.length} run offline (${plural(failures.length, 'failure')}), ${checked.length - runnable.length} type-check only.\n`,
);
process.exitCode = errors.length === 0 && failures.length === 0 ? 0 : 1;
