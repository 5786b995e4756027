import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelResponse } from '@interlingua/core';

/**
 * One wire scenario: a response body (`<name>.json`), a stream (`<name>.chunks.txt`, one
 * JSON chunk per line), or both, and the IR both must decode to (`<name>.ir.json`).
 */
export type CodecFixture = {
  name: string;
  body?: unknown;
  chunks?: unknown[];
  expected?: ModelResponse;
};

/**
 * Reads a fixture folder (`src/__fixtures__`) into scenarios grouped by name.
 * Files other than `.json` / `.chunks.txt` (such as `SOURCES.md`) are ignored.
 */
export function loadCodecFixtures(dir: string): CodecFixture[] {
  const byName = new Map<string, CodecFixture>();
  const entry = (name: string) => {
    let fixture = byName.get(name);
    if (fixture === undefined) {
      fixture = { name };
      byName.set(name, fixture);
    }
    return fixture;
  };
  for (const file of readdirSync(dir).sort()) {
    const text = () => readFileSync(join(dir, file), 'utf8');
    if (file.endsWith('.ir.json')) entry(file.slice(0, -'.ir.json'.length)).expected = JSON.parse(text());
    else if (file.endsWith('.chunks.txt')) {
      entry(file.slice(0, -'.chunks.txt'.length)).chunks = text()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line, index) => {
          try {
            return JSON.parse(line);
          } catch (error) {
            throw new Error(`${file}:${index + 1}: expected one JSON chunk per line (${String(error)})`, {
              cause: error,
            });
          }
        });
    } else if (file.endsWith('.json')) entry(file.slice(0, -'.json'.length)).body = JSON.parse(text());
  }
  return [...byName.values()];
}
