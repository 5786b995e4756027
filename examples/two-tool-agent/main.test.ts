import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);

it('runs the two-tool agent end to end on the scripted model when no API key is set', async () => {
  const { OPENAI_API_KEY: _openai, ANTHROPIC_API_KEY: _anthropic, ...env } = process.env;
  const main = fileURLToPath(new URL('./main.ts', import.meta.url));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', main], { env });
  expect(stdout).toContain('Model: no API key found: running on the testkit scripted model');
  expect(stdout).toContain('→ get_weather({"city":"北京"})');
  expect(stdout).toContain('← 晴，25°C');
  expect(stdout).toMatch(/Assistant: 北京现在晴，25°C，当地时间 \d{1,2}:\d{2}:\d{2}。/);
  expect(stdout).toContain('Assistant: 上海多云，22°C。');
  expect(stdout).toContain('History: 8 messages, tool exchanges included.');
});
