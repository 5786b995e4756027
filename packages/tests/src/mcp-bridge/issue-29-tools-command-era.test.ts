// Issue 29: `interlingua tools` says which protocol era each server was reached in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModernServer, startModernServer } from '../../../mcp-bridge/src/__fixtures__/servers/modern-http-server';
import { runCli, writeWeatherMcpConfig } from '../umbrella/umbrella-fixtures';

let modern: ModernServer;
beforeAll(async () => {
  modern = await startModernServer({ legacy: 'reject' });
});
afterAll(async () => {
  await modern.close();
});

describe('interlingua tools', () => {
  it('prints the era of a 2026-07-28 server and of a legacy stdio one', async () => {
    const config = writeWeatherMcpConfig({ modern: { url: modern.url } });
    const { code, stdout, stderr } = await runCli(['tools', '--mcp', config]);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(
      /^modern {2}modern-fixture 1\.0\.0 {2}protocol 2026-07-28 \(2026-07-28 era, no handshake\) {2}\d+ tools$/m,
    );
    expect(stdout).toMatch(/^weather {2}.* {2}protocol 20\d\d-\d\d-\d\d \(legacy era, initialize\) {2}\d+ tools?$/m);
  }, 120_000);
});
