/**
 * `pnpm check:docs` (part of `pnpm check`): type-checks every TypeScript snippet of README.md and
 * docs/**\/*.md against the packages' sources, and prints each error at its Markdown line.
 * Conventions for snippets: docs/writing-docs.md. The runnable ones also run in `pnpm test`.
 */
import { fileURLToPath } from 'node:url';
import { extractSnippets, findDocs } from './extract-snippets';
import { typeCheckSnippets } from './type-check-snippets';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const snippets = findDocs(root).flatMap((path) => extractSnippets(root, path));
const checked = snippets.filter((snippet) => snippet.mode !== 'no-check');
const errors = typeCheckSnippets(root, checked);
for (const error of errors) process.stderr.write(`${error}\n`);
process.stdout.write(
  `docs: ${checked.length} of ${snippets.length} TypeScript snippets type-checked, ${errors.length} error${errors.length === 1 ? '' : 's'}.\n`,
);
process.exitCode = errors.length === 0 ? 0 : 1;
