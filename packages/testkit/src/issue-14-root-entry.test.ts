// Issue 14, item 12: the testkit's root entry imports no vitest; vitest-only helpers are on a subpath.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('.', import.meta.url));

/** Every package a module pulls in, following its relative imports (type-only ones left out). */
function packagesImportedFrom(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      if (statement.moduleSpecifier === undefined || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const typeOnly = ts.isImportDeclaration(statement)
        ? statement.importClause?.isTypeOnly === true
        : statement.isTypeOnly;
      if (typeOnly) continue;
      const specifier = statement.moduleSpecifier.text;
      if (specifier.startsWith('.')) queue.push(`${resolve(dirname(file), specifier)}.ts`);
      else
        packages.add(
          specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] as string),
        );
    }
  }
  return packages;
}

describe('@interlingua/testkit entries', () => {
  it('the root entry pulls in no vitest, through any of its modules', () => {
    const imported = packagesImportedFrom(join(src, 'index.ts'));
    expect(imported).toContain('@interlingua/core');
    expect(imported).not.toContain('vitest');
  });

  it('runCodecConformance is on ./vitest, in the exports map with its own types, and vitest is an optional peer', () => {
    expect(packagesImportedFrom(join(src, 'vitest.ts'))).toContain('vitest');
    const manifest = JSON.parse(readFileSync(join(src, '..', 'package.json'), 'utf8'));
    expect(manifest.exports['./vitest']).toEqual({
      import: { types: './dist/vitest.d.ts', default: './dist/vitest.js' },
      require: { types: './dist/vitest.d.cts', default: './dist/vitest.cjs' },
    });
    expect(manifest.peerDependenciesMeta).toEqual({ vitest: { optional: true } });
  });
});
