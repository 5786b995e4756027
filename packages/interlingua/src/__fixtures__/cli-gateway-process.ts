import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Runs `interlingua gateway --config <dir>/gateway.json --port 0` from source (tsx) in a fresh node
 * process, the config written there first (one OpenAI model, a placeholder key: nothing is called),
 * with node's own `flags` and the `imports` preloaded after tsx (in that order: a loader hook
 * registered after tsx's sees the TypeScript modules too), and stops it with SIGTERM
 * once it says it is listening. Resolves when it exited; rejects with its stderr if it exits
 * before listening or does not listen within two minutes (a fresh process under tsx takes
 * seconds on a loaded machine).
 */
export function runGatewayUntilListening(
  dir: string,
  options: { flags?: readonly string[]; imports?: readonly string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  const { flags = [], imports = [], env = process.env } = options;
  const config = join(dir, 'gateway.json');
  writeFileSync(
    config,
    JSON.stringify({
      models: { fast: { model: 'openai:gpt-4.1-mini' } },
      providers: { openai: { apiKey: 'sk-test' } },
    }),
  );
  const cli = join(repo, 'packages/interlingua/src/cli.ts');
  const child = spawn(
    process.execPath,
    [
      ...flags,
      '--import',
      'tsx',
      ...imports.flatMap((url) => ['--import', url]),
      cli,
      'gateway',
      '--config',
      config,
      '--port',
      '0',
    ],
    { cwd: repo, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The gateway did not start:\n${stderr}`));
    }, 120_000);
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
      if (!stderr.includes('listening on')) return;
      clearTimeout(timer);
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    child.once('exit', (code) => {
      if (!stderr.includes('listening on')) {
        clearTimeout(timer);
        reject(new Error(`The gateway exited with ${code}:\n${stderr}`));
      }
    });
  });
}
