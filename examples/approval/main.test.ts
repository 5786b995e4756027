import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { askWithApproval } from './main';

const run = promisify(execFile);

describe('examples/approval', () => {
  it('holds the paid lookup until approved, then answers from the tool', async () => {
    const lines = await askWithApproval('上海今天天气怎么样？', (call) => ({ approvalId: call.id, approved: true }));
    expect(lines).toEqual([
      'Approval asked: get_weather {"city":"上海"} → approved',
      'Assistant: 上海：多云，22°C，适合出门。',
    ]);
  });

  it('tells the model the reason of a denial', async () => {
    const lines = await askWithApproval('上海今天天气怎么样？', (call) => ({
      approvalId: call.id,
      approved: false,
      reason: '今天不查了',
    }));
    expect(lines[0]).toBe('Approval asked: get_weather {"city":"上海"} → denied (今天不查了)');
    expect(lines[1]).toContain('今天不查了');
  });

  it('asks nobody for a free city', async () => {
    expect(await askWithApproval('北京今天天气怎么样？', () => ({ approvalId: '', approved: false }))).toEqual([
      'Assistant: 北京：晴，25°C，适合出门。',
    ]);
  });

  it('runs as a script', async () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', main, 'deny']);
    expect(stdout).toContain('→ denied (今天不查了)');
  }, 60_000);
});
