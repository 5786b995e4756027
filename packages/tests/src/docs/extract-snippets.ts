import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * How a snippet is checked, from its fence's info string (see docs/writing-docs.md): `run`
 * (type-checked and run against the offline models), `no-run` (type-checked only, for a
 * stated reason) or `no-check` (shown only).
 */
export type SnippetMode = 'run' | 'no-run' | 'no-check';

/** One fenced TypeScript block of a Markdown file. */
export type Snippet = {
  /** The Markdown file, relative to the repository root. */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  mode: SnippetMode;
  /** Why a `no-run` snippet cannot run offline: the words after `no-run`. */
  reason?: string;
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
 * The TypeScript blocks of a Markdown text: ```` ```ts ```` (type-checked and run against the
 * offline models), ```` ```ts no-run <reason> ```` (type-checked only; the reason is required)
 * and ```` ```ts no-check ```` (shown only: a fragment, a type sketch). Any other language is not
 * code to check. An unknown word after `ts` is an error, so a typo cannot turn a check off.
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
    if (TYPESCRIPT.has(language))
      snippets.push({ file, line: index + 1, ...readInfo(file, index + 1, language, rest), code: body.join('\n') });
    index = end;
  }
  return snippets;
}

/** The mode (and a `no-run` reason) of a TypeScript fence's info string. */
function readInfo(file: string, line: number, language: string, rest: string): Pick<Snippet, 'mode' | 'reason'> {
  const words = rest.trim() === '' ? [] : rest.trim().split(/\s+/);
  const [first, ...others] = words;
  // `run` is the older spelling of the default, kept so a page written before still reads.
  if (first === undefined || (first === 'run' && others.length === 0)) return { mode: 'run' };
  if (first === 'no-check' && others.length === 0) return { mode: 'no-check' };
  if (first === 'no-run' && others.length > 0) return { mode: 'no-run', reason: others.join(' ') };
  const got = `\`${language} ${rest.trim()}\``;
  if (first === 'no-run')
    throw new Error(`${file}:${line}: expected a reason after \`no-run\` (why it cannot run offline), got ${got}.`);
  throw new Error(`${file}:${line}: expected \`ts\`, \`ts no-run <reason>\` or \`ts no-check\`, got ${got}.`);
}
