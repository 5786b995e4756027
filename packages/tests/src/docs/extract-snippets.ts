import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** How a snippet is checked, from its fence's info string (see docs/writing-docs.md). */
export type SnippetMode = 'check' | 'run' | 'no-check';

/** One fenced TypeScript block of a Markdown file. */
export type Snippet = {
  /** The Markdown file, relative to the repository root. */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  mode: SnippetMode;
  code: string;
};

const TYPESCRIPT = new Set(['ts', 'typescript', 'mts']);

/** README.md and every `docs/**\/*.md`, sorted: a new page is picked up without registering it. */
export function findDocs(root: string): string[] {
  const found = [join(root, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk(join(root, 'docs'));
  return found.sort();
}

/**
 * The TypeScript blocks of a Markdown text: ```` ```ts ```` (type-checked), ```` ```ts run ````
 * (type-checked and run against the offline model) and ```` ```ts no-check ```` (shown only:
 * a fragment, a type sketch). Any other language is not code to check. An unknown word after
 * `ts` is an error, so a typo cannot turn a check off.
 */
export function extractSnippets(root: string, path: string): Snippet[] {
  const file = relative(root, path);
  const lines = readFileSync(path, 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(lines[index] as string);
    if (open === null) continue;
    const [, indent, fence, language, rest] = open as unknown as [string, string, string, string, string];
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end++) {
      if ((lines[end] as string).trim().startsWith(fence)) break;
      body.push((lines[end] as string).slice(indent.length));
    }
    if (TYPESCRIPT.has(language)) {
      const words = rest.trim() === '' ? [] : rest.trim().split(/\s+/);
      const mode: SnippetMode = words.includes('no-check') ? 'no-check' : words.includes('run') ? 'run' : 'check';
      const unknown = words.filter((word) => word !== 'run' && word !== 'no-check');
      if (unknown.length > 0) {
        throw new Error(
          `${file}:${index + 1}: expected \`ts\`, \`ts run\` or \`ts no-check\`, got \`${language} ${rest.trim()}\`.`,
        );
      }
      snippets.push({ file, line: index + 1, mode, code: body.join('\n') });
    }
    index = end;
  }
  return snippets;
}
