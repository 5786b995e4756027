import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 33 (memory): a process whose OpenAI models all use the lean transport — the gateway — must
// not load the `openai` SDK's client (~150 modules, ~11 MB of RSS); the error classes it shares
// with the SDK transport come from `openai/error` alone. Checked in a fresh process (vitest's own
// module graph already holds the SDK): a loader hook lists every module loaded while a lean
// model answers a call, then an SDK-transport model's call loads the client.
const repo = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'interlingua-lean-sdk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(join(dir, 'loaded.txt'))}, url + '\\n');
  return next(url, context);
}`;

const SCRIPT = `import { createServer } from 'node:http';
import { appendFileSync } from 'node:fs';
import { createOpenAI } from ${JSON.stringify(pathToFileURL(join(repo, 'packages/openai/src/index.ts')).href)};
const mark = (text) => appendFileSync(${JSON.stringify(join(dir, 'loaded.txt'))}, text + '\\n');
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 'c', object: 'chat.completion', created: 1, model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseURL = 'http://127.0.0.1:' + server.address().port + '/v1';
const lean = createOpenAI({ apiKey: 'sk-test', baseURL, transport: 'lean', maxRetries: 0 });
const leanAnswer = await lean('m').generate({ messages: [{ role: 'user', content: 'hello' }] });
mark('LEAN ANSWERED ' + JSON.stringify(leanAnswer.content));
const sdk = createOpenAI({ apiKey: 'sk-test', baseURL, maxRetries: 0 });
const sdkAnswer = await sdk('m').generate({ messages: [{ role: 'user', content: 'hello' }] });
mark('SDK ANSWERED ' + JSON.stringify(sdkAnswer.content));
server.close();
`;

function run(): Promise<string[]> {
  writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
  writeFileSync(
    join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
  );
  writeFileSync(join(dir, 'script.mjs'), SCRIPT);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', '--import', pathToFileURL(join(dir, 'register.mjs')).href, join(dir, 'script.mjs')],
      { cwd: repo, timeout: 120_000 },
      (error, _stdout, stderr) => {
        if (error !== null) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(readFileSync(join(dir, 'loaded.txt'), 'utf8').split('\n'));
      },
    );
  });
}

describe('issue 33: the lean transport loads no OpenAI SDK client', () => {
  it('a lean model answers without loading the openai client; an SDK model loads it on its first call', async () => {
    const lines = await run();
    const leanEnd = lines.findIndex((line) => line.startsWith('LEAN ANSWERED'));
    const sdkEnd = lines.findIndex((line) => line.startsWith('SDK ANSWERED'));
    expect(leanEnd).toBeGreaterThan(0);
    expect(sdkEnd).toBeGreaterThan(leanEnd);
    const isClient = (url: string) => /\/node_modules\/openai\/(index|client)\.m?js$/.test(url);
    // Before the lean call answered: the error classes only, never the client.
    expect(lines.slice(0, leanEnd).filter(isClient)).toEqual([]);
    expect(lines.slice(0, leanEnd).some((url) => /\/node_modules\/openai\/(core\/)?error\.m?js$/.test(url))).toBe(true);
    // The SDK transport's first call loads it (the control: the hook does see the SDK when loaded).
    expect(lines.slice(leanEnd, sdkEnd).some(isClient)).toBe(true);
  }, 150_000);
});
