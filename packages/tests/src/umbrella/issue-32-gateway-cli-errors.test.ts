import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './umbrella-fixtures';

// Issue 32: `interlingua gateway`'s config errors pointed at a `--offline` flag the gateway does
// not have, a typo got no did-you-mean, a redis store without `onUnavailable` said only "Invalid
// option", and a port in use printed Node's raw EADDRINUSE.

const dir = mkdtempSync(join(tmpdir(), 'interlingua-gateway-errors-'));
function config(name: string, body: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(body));
  return file;
}

let busy: Server;
let busyPort: number;
beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
});

describe('interlingua gateway: errors a user can act on (issue 32)', { timeout: 90_000 }, () => {
  it('a mistyped key names the nearest one, and the hint points at the config reference', async () => {
    const file = config('typo.json', { models: { fast: { modle: 'demo:x' } } });
    const result = await runCli(['gateway', '--config', file, '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('models.fast: Unrecognized key: "modle"; did you mean "model"?');
    expect(result.stderr).toContain('docs/gateway.md');
    expect(result.stderr).not.toContain('--offline');
  });

  it('a redis store without onUnavailable says what to choose', async () => {
    const file = config('redis.json', {
      models: { demo: { model: 'demo:x' } },
      store: { type: 'redis', url: 'redis://127.0.0.1:1' },
    });
    const result = await runCli(['gateway', '--config', file, '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('store.onUnavailable: expected "fail-closed"');
    expect(result.stderr).toContain('"fail-open"');
    expect(result.stderr).not.toContain('Invalid option');
  });

  it('a port in use is one line with a hint, exit 1', async () => {
    const file = config('ok.json', { models: { demo: { model: 'demo:x' } } });
    const result = await runCli(['gateway', '--config', file, '--port', String(busyPort)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: Port ${busyPort} on 127.0.0.1 is already in use.`);
    expect(result.stderr).toContain('--port 0');
    expect(result.stderr).not.toContain('EADDRINUSE');
  });
});
