import { join } from 'node:path';
import ts from 'typescript';
import type { Snippet } from './extract-snippets';

/** Where a snippet lives for the compiler: a file in the repository (so packages resolve), never on disk. */
export function snippetPath(root: string, snippet: Snippet): string {
  const slug = snippet.file.replace(/[^A-Za-z0-9]+/g, '-');
  return join(root, 'packages', 'tests', 'src', '__snippets__', `${slug}-${snippet.line}.ts`);
}

/**
 * Type-checks every snippet as its own module, with the repository's compiler settings and its
 * package paths (sources, no build needed). Returns one message per error, as
 * `README.md:47: …` — the Markdown line the error is on.
 */
export function typeCheckSnippets(root: string, snippets: readonly Snippet[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  // A snippet shows how to call something: a value it does not use again is no mistake.
  const options = { ...config.options, noUnusedLocals: false, noUnusedParameters: false, noEmit: true };
  const virtual = new Map<string, { snippet: Snippet; text: string }>();
  for (const snippet of snippets) {
    // `export {}` makes each a module, so top-level await works and names never clash.
    virtual.set(snippetPath(root, snippet), { snippet, text: `${snippet.code}\nexport {};\n` });
  }
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (path) => virtual.get(path)?.text ?? readFile(path);
  host.fileExists = (path) => virtual.has(path) || fileExists(path);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (path, language, onError, create) => {
    const entry = virtual.get(path);
    return entry === undefined
      ? getSourceFile(path, language, onError, create)
      : ts.createSourceFile(path, entry.text, language, true);
  };
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host });
  const errors: string[] = [];
  for (const [path, { snippet }] of virtual) {
    const source = program.getSourceFile(path);
    if (source === undefined) continue;
    for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const line = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      errors.push(`${snippet.file}:${snippet.line + 1 + line}: ${text}`);
    }
  }
  return errors;
}
