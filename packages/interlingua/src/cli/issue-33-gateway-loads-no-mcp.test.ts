import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runGatewayUntilListening } from '../__fixtures__/cli-gateway-process';

// Issue 33 (memory): `interlingua gateway` with a config that serves models only must not load the
// MCP bridge or the MCP SDK under it (they are imported for a config with an `mcp` section), nor
// undici's entry (the lean transport imports its Pool alone). The command runs in a fresh process
// (vitest's module graph holds everything) with a loader hook that lists every module imported,
// until it listens.
const dir = mkdtempSync(join(tmpdir(), 'interlingua-gateway-mcp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loadedUntilListening(): Promise<string[]> {
  const list = join(dir, 'loaded.txt');
  writeFileSync(list, '');
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(list)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
  );
  await runGatewayUntilListening(dir, {
    imports: [pathToFileURL(join(dir, 'register.mjs')).href],
  });
  return readFileSync(list, 'utf8').split('\n');
}

describe('issue 33: interlingua gateway serving models loads only what serving needs', () => {
  // One gateway start for every assertion (a fresh process under tsx takes seconds on a loaded machine).
  let loaded: Promise<string[]> | undefined;
  const once = () => {
    loaded ??= loadedUntilListening();
    return loaded;
  };

  it('loads neither the MCP bridge nor the MCP SDK when the config has no mcp section', async () => {
    const modules = await once();
    // The hook saw the command's own modules (the control: it does list what loads).
    expect(modules.some((url) => url.endsWith('/packages/gateway/src/index.ts'))).toBe(true);
    expect(modules.filter((url) => /@modelcontextprotocol|\/packages\/mcp-bridge\//.test(url))).toEqual([]);
  }, 150_000);

  it("imports undici's Pool, not undici's entry (fetch, WebSocket, the cache and mock agents)", async () => {
    const undici = (await once()).filter((url) => url.includes('/undici/'));
    expect(undici.filter((url) => /\/undici\/index\.js$/.test(url))).toEqual([]);
    // The control: the lean transport's Pool did load (the hook sees what ES modules import).
    expect(undici.some((url) => url.endsWith('/undici/lib/dispatcher/pool.js'))).toBe(true);
  }, 150_000);
});
