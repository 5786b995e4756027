import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTraceServer } from '../../trace-page/start-trace-server';
import { CliError, EXIT_USAGE } from '../cli-error';
import type { CliIO } from '../cli-io';
import { stylesFor } from '../styles-for';

/** Options of `interlingua trace`. */
export type TraceCommandOptions = { file: string; port: number; follow: boolean };

/**
 * `interlingua trace run.jsonl`: serves the trace page on 127.0.0.1 until interrupted
 * (Ctrl-C), or until `signal` aborts. Prints the page's address on stdout.
 */
export async function traceCommand(options: TraceCommandOptions, io: CliIO, signal?: AbortSignal): Promise<void> {
  if (!existsSync(options.file)) {
    throw new CliError(`Expected a trace file, found nothing at ${options.file}.`, {
      hint: 'Record one with --trace-file: interlingua chat --offline --trace-file run.jsonl "你好"',
      exitCode: EXIT_USAGE,
    });
  }
  const server = await startTraceServer(
    { file: options.file, follow: options.follow, script: readPageScript() },
    options.port,
  );
  const styles = stylesFor(io.stderr, io.env);
  io.stdout.write(`${server.url}\n`);
  io.stderr.write(
    styles.dim(
      `Serving ${options.file}${options.follow ? ' (following it as it grows)' : ''} on 127.0.0.1 only; Ctrl-C to stop.\n`,
    ),
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    signal?.addEventListener('abort', stop, { once: true });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
}

/** The page's script, bundled beside the CLI by the build (`dist/trace-page.js`). */
function readPageScript(): string {
  const path = fileURLToPath(new URL('./trace-page.js', import.meta.url));
  if (!existsSync(path)) {
    throw new CliError('The trace page script is missing from this build.', { hint: 'Run `pnpm build` first.' });
  }
  return readFileSync(path, 'utf8');
}
