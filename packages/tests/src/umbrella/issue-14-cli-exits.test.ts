// Issue 14, item 1, through the CLI: `interlingua chat` with a server that ignores stdin EOF (and
// spawned a child of its own) prints the answer, exits, and leaves none of their processes behind.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, writeWeatherMcpConfig } from './umbrella-fixtures';

const fixtureServer = join(ROOT, 'packages/mcp-bridge/src/__fixtures__/servers/fixture-server.ts');

/** Live processes whose command line holds `marker` (read from /proc: other tests' processes never match). */
function processesMarked(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const state = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmdline.includes(marker) && state !== 'Z') found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describe('interlingua chat with an MCP server that ignores stdin EOF', () => {
  it('answers, exits 0, and the server and its child are gone', async () => {
    const marker = `issue-14-${randomUUID()}`;
    const config = writeWeatherMcpConfig({
      stubborn: { command: 'npx', args: ['--no', 'tsx', fixtureServer, 'stubborn', marker], cwd: ROOT },
    });
    const result = await runCli(['chat', '--offline', '--mcp', config, '北京今天天气怎么样？']);
    expect(result.stderr).not.toContain('error:');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('北京今天晴，25°C');
    expect(processesMarked(marker)).toEqual([]);
  }, 90_000);
});
