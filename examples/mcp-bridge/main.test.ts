import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('examples/mcp-bridge', () => {
  it('lists and calls the tools of the three servers in mcp.json, offline', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/mcp-bridge/main.ts', '--trace'], {
      cwd: repoRoot,
    });
    expect(stdout).toMatch(/^everything: connected, protocol \d{4}-\d{2}-\d{2}, \d+ tools$/m);
    expect(stdout).toContain('✓ everything__echo');
    expect(stdout).toContain('The sum of 2 and 3 is 5.');
    expect(stdout).toContain('✓ filesystem__read_text_file');
    expect(stdout).toMatch(/✗ filesystem__read_text_file\(\{"path":"\/etc\/passwd"\}\)\n\s+Access denied/);
    expect(stdout).toContain('✓ memory__search_nodes');
    // --trace prints the handshake and the calls.
    expect(stdout).toContain('everything → {"method":"initialize"');
    expect(stdout).toContain('"method":"notifications/initialized"');
    expect(stdout).toContain('"method":"tools/call"');
  });
});
