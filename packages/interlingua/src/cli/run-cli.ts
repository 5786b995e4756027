import { createRedactor } from '@interlingua/core/adapter';
import { version } from '../../package.json';
import { secretsFromEnv } from '../trace/secrets-from-env';
import { CliError, toCliError } from './cli-error';
import type { CliIO } from './cli-io';
import { helpText } from './help-text';
import { parseCliArgs } from './parse-cli-args';
import { stylesFor } from './styles-for';

/**
 * Runs the `interlingua` CLI on `argv` (without `node` and the script) and resolves with the
 * exit code: 0 ok, 1 a failure while running, 2 a problem with the command or its input.
 * Errors are printed as one line and a hint, with any API key in them redacted.
 */
// Each command is imported when it runs: `interlingua gateway` serves models without loading the
// MCP SDK, the agent or the trace page (issue 33: the gateway's memory).
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  try {
    const args = parseCliArgs(argv);
    switch (args.command) {
      case 'help':
        io.stdout.write(helpText(args.topic));
        return 0;
      case 'version':
        io.stdout.write(`${version}\n`);
        return 0;
      case 'chat':
        return await (await import('./commands/chat-command')).chatCommand(args, io);
      case 'tools':
        return await (await import('./commands/tools-command')).toolsCommand(args, io);
      case 'translate':
        await (await import('./commands/translate-command')).translateCommand(args, io);
        return 0;
      case 'trace':
        await (await import('./commands/trace-command')).traceCommand(args, io);
        return 0;
      case 'gateway':
        return await (await import('./commands/gateway-command')).gatewayCommand(args, io);
      case 'mcp':
        return await (await import('./commands/mcp-command')).mcpCommand(args, io);
      default: {
        const exhaustive: never = args;
        throw new CliError(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  } catch (error) {
    const cliError = toCliError(error);
    const styles = stylesFor(io.stderr, io.env);
    const redact = createRedactor(secretsFromEnv(io.env));
    io.stderr.write(`${styles.red('error:')} ${redact(cliError.message)}\n`);
    if (cliError.hint !== undefined) io.stderr.write(`${styles.dim(`hint: ${redact(cliError.hint)}`)}\n`);
    if (io.env['INTERLINGUA_DEBUG'] !== undefined && cliError.cause !== undefined) {
      io.stderr.write(`${redact(String((cliError.cause as Error).stack ?? cliError.cause))}\n`);
    }
    return cliError.exitCode;
  }
}
