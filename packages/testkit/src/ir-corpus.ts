import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** One document of the IR conformance corpus. */
export type IRCorpusCase = {
  /** The IR type the document claims to be (the folder name): `ChatRequest`, `Message`, … */
  type: string;
  /** The file name without `.json`; `valid-*` or `invalid-*`. */
  name: string;
  valid: boolean;
  /** The document itself. */
  value: unknown;
  /** For invalid cases: the path the validation error must name, e.g. `messages[0].content[0].toolCallId`. */
  errorPath: string | undefined;
};

/** The corpus folder shipped inside `@interlingua/core`. */
export function irCorpusDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@interlingua/core/package.json')), 'src', '__fixtures__', 'ir');
}

/**
 * Loads the IR corpus: `<dir>/<Type>/<valid|invalid>-<case>.json`. Each file is
 * `{ "value": …, "errorPath"?: "…" }`.
 */
export function loadIRCorpus(dir: string = irCorpusDir()): IRCorpusCase[] {
  const cases: IRCorpusCase[] = [];
  for (const type of readdirSync(dir, { withFileTypes: true })) {
    if (!type.isDirectory()) continue;
    for (const file of readdirSync(join(dir, type.name)).sort()) {
      if (!file.endsWith('.json')) continue;
      const name = file.slice(0, -'.json'.length);
      const valid = name.startsWith('valid-');
      if (!valid && !name.startsWith('invalid-')) {
        throw new Error(`IR corpus file ${type.name}/${file}: expected a name starting with valid- or invalid-.`);
      }
      const document = JSON.parse(readFileSync(join(dir, type.name, file), 'utf8')) as {
        value: unknown;
        errorPath?: string;
      };
      cases.push({ type: type.name, name, valid, value: document.value, errorPath: document.errorPath });
    }
  }
  return cases;
}
