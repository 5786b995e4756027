import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runGatewayUntilListening } from '../__fixtures__/cli-gateway-process';
import { SERVING_HEAP_FLAGS, servingHeapFlags } from './serving-heap-flags';

// Issue 33 (memory): `interlingua gateway` tunes V8's heap for serving unless node was told otherwise.
describe('servingHeapFlags', () => {
  it('sets both flags when node was given neither', () => {
    expect(servingHeapFlags([])).toEqual(['--no-allocation-site-pretenuring', '--heap-growing-percent=100']);
    expect(servingHeapFlags(['--enable-source-maps', '--max-old-space-size=512', '--no-warnings'])).toEqual(
      SERVING_HEAP_FLAGS,
    );
  });

  it("leaves a flag node was started with, in any of V8's spellings", () => {
    expect(servingHeapFlags(['--heap-growing-percent=0'])).toEqual(['--no-allocation-site-pretenuring']);
    expect(servingHeapFlags(['--max-semi-space-size=8', '--heap_growing_percent=300'])).toEqual([
      '--no-allocation-site-pretenuring',
    ]);
    expect(servingHeapFlags(['--allocation-site-pretenuring'])).toEqual(['--heap-growing-percent=100']);
    expect(servingHeapFlags(['--noallocation_site_pretenuring'])).toEqual(['--heap-growing-percent=100']);
    expect(servingHeapFlags(['--no-allocation-site-pretenuring', '--heap-growing-percent=100', '--trace-gc'])).toEqual(
      [],
    );
  });

  it('does not take a value or a flag of another name for one of its own', () => {
    // `heap-growing-percent=1` is a script argument's spelling, not a flag; `--heap-growing` another flag.
    expect(servingHeapFlags(['--heap-growing', 'heap-growing-percent=1', '=100'])).toEqual(SERVING_HEAP_FLAGS);
  });
});

// The command itself, in a fresh process (tsx): a preload records what reaches `v8.setFlagsFromString`.
const dir = mkdtempSync(join(tmpdir(), 'interlingua-heap-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function flagsSetUntilListening(nodeFlags: string[]): Promise<string[]> {
  const list = join(dir, `flags-${nodeFlags.length}.txt`);
  writeFileSync(list, '');
  writeFileSync(
    join(dir, 'record-flags.mjs'),
    [
      "import { appendFileSync } from 'node:fs';",
      "import { createRequire, syncBuiltinESMExports } from 'node:module';",
      "const v8 = createRequire(import.meta.url)('node:v8');",
      'const set = v8.setFlagsFromString;',
      `v8.setFlagsFromString = (flag) => { appendFileSync(process.env.FLAGS_FILE, flag + '\\n'); set(flag); };`,
      'syncBuiltinESMExports();',
      '',
    ].join('\n'),
  );
  await runGatewayUntilListening(dir, {
    flags: nodeFlags,
    imports: [pathToFileURL(join(dir, 'record-flags.mjs')).href],
    env: { ...process.env, FLAGS_FILE: list },
  });
  return readFileSync(list, 'utf8').split('\n').filter(Boolean);
}

describe('interlingua gateway', () => {
  it('sets the serving heap flags in its process before it listens', async () => {
    expect(await flagsSetUntilListening([])).toEqual(SERVING_HEAP_FLAGS);
  }, 150_000);

  it('keeps the growing factor node was started with', async () => {
    expect(await flagsSetUntilListening(['--heap-growing-percent=0'])).toEqual(['--no-allocation-site-pretenuring']);
  }, 150_000);
});
