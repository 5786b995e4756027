import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

function sink(isTTY = false) {
  const chunks: string[] = [];
  return { chunks, isTTY, write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

// The weather server with every call held for approval (mcp.json `approval: "always"`).
function weatherConfig(): string {
  const server = fileURLToPath(new URL('../../../../examples/weather-server/server.ts', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const path = join(mkdtempSync(join(tmpdir(), 'interlingua-approval-')), 'mcp.json');
  writeFileSync(
    path,
    JSON.stringify({
      mcpServers: { weather: { command: process.execPath, args: ['--import', tsx, server], approval: 'always' } },
    }),
  );
  return path;
}

describe('interlingua chat asks before a tool that needs approval', () => {
  it('denies with the reason typed, then approves on the next turn, in the REPL', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stdout = sink();
    const stderr = sink();
    const done = runCli(['chat', '--offline', '--mcp', weatherConfig()], {
      stdin,
      stdout,
      stderr,
      env: { NO_COLOR: '1' },
    });
    const asked = () => stderr.text().split('Allow weather__get_weather').length - 1;

    stdin.write('北京今天天气怎么样？\n');
    await expect.poll(asked, { timeout: 60_000 }).toBe(1);
    expect(stderr.text()).toContain('? needs approval weather__get_weather {"city":"北京"}');
    stdin.write('n 先别查\n');
    await expect.poll(() => stdout.text(), { timeout: 60_000 }).toContain('先别查');
    // Denied: the tool never ran, and the model read the reason.
    expect(stderr.text()).not.toContain('← tool result');
    expect(stdout.text()).toContain('抱歉');

    stdin.write('上海今天天气怎么样？\n');
    await expect.poll(asked, { timeout: 60_000 }).toBe(2);
    stdin.write('y\n');
    await expect.poll(() => stdout.text(), { timeout: 60_000 }).toContain('适合出门。');
    expect(stderr.text()).toContain('← tool result');
    stdin.write('/exit\n');
    expect(await done).toBe(0);
    // A resumed turn is one turn.
    expect(stderr.text()).toMatch(/over 2 turns/);
  }, 120_000);

  it('asks in a one-shot chat too, reading the answer from stdin', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: false });
    const stdout = sink();
    const stderr = sink();
    const done = runCli(['chat', '--offline', '--mcp', weatherConfig(), '北京今天天气怎么样？'], {
      stdin,
      stdout,
      stderr,
      env: { NO_COLOR: '1' },
    });
    await expect.poll(() => stderr.text().includes('Allow weather__get_weather'), { timeout: 60_000 }).toBe(true);
    stdin.write('yes\n');
    expect(await done).toBe(0);
    expect(stdout.text()).toContain('北京今天晴，25°C，适合出门。');
  }, 120_000);
});
