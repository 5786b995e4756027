// Issue 14, item 16: the example config works from wherever the CLI runs, and a copy that cannot
// find its server says why.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './umbrella-fixtures';

const elsewhere = mkdtempSync(join(tmpdir(), 'interlingua-elsewhere-'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

describe('examples/weather-server/mcp.json', () => {
  it('starts the weather server from another working directory (workspaceFolder is the config folder)', async () => {
    const result = await runCli(['tools', '--mcp', join(ROOT, 'examples/weather-server/mcp.json')], { cwd: elsewhere });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  weather__get_weather  根据城市名查询实时天气\n');
  }, 90_000);

  it('copied next to a script, fails saying the server exited and why, not "Connection closed"', async () => {
    const copy = join(elsewhere, 'mcp.json');
    copyFileSync(join(ROOT, 'examples/weather-server/mcp.json'), copy);
    const result = await runCli(['tools', '--mcp', copy], { cwd: elsewhere });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^weather {2}failed: Its process `node --import tsx .*server\.ts` exited with code 1 before it answered `initialize`\./m,
    );
    expect(result.stdout).not.toContain('Connection closed');
  }, 90_000);
});
