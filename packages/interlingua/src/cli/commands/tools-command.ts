import { createRedactor } from '@interlingua/core/adapter';
import { secretsFromEnv } from '../../trace/secrets-from-env';
import { EXIT_FAILURE } from '../cli-error';
import type { CliIO } from '../cli-io';
import { describeServerFailure } from '../describe-server-failure';
import { openMcpBridge } from '../open-mcp-bridge';
import { createTracePrinter } from '../print-trace';
import { stylesFor } from '../styles-for';

/**
 * `interlingua tools --mcp mcp.json`: connects to every server and prints each (protocol
 * version and the era it was reached in, tool count) and each exposed `server__tool` with its description. A server that
 * fails to start is listed with its error (the others still are) and makes the exit code 1.
 */
export async function toolsCommand(options: { mcp: string; trace: boolean }, io: CliIO): Promise<number> {
  const styles = stylesFor(io.stdout, io.env);
  const tracer = options.trace
    ? createTracePrinter(io.stderr, stylesFor(io.stderr, io.env), createRedactor(secretsFromEnv(io.env)))
    : undefined;
  const bridge = await openMcpBridge(options.mcp, tracer, 'skip', undefined, { env: io.env });
  try {
    const tools = await bridge.tools();
    let failed = 0;
    for (const server of bridge.servers) {
      if (server.state === 'failed') {
        failed += 1;
        const { reason, stderr } = describeServerFailure(server.error);
        io.stdout.write(`${styles.bold(server.name)}  ${styles.red(`failed: ${reason}`)}\n`);
        for (const line of stderr) io.stdout.write(`${styles.dim(`  stderr │ ${line}`)}\n`);
        continue;
      }
      const own = tools.filter((tool) => bridge.serverOf(tool.name)?.server === server.name);
      const info = server.serverInfo === undefined ? '' : `${server.serverInfo.name} ${server.serverInfo.version}  `;
      const count = `${own.length} tool${own.length === 1 ? '' : 's'}`;
      io.stdout.write(
        `${styles.bold(server.name)}  ${info}protocol ${server.protocolVersion ?? 'unknown'}${eraOf(server.era)}  ${count}\n`,
      );
      for (const tool of own) io.stdout.write(`  ${styles.cyan(tool.name)}  ${oneLine(tool.description)}\n`);
    }
    return failed === 0 ? 0 : EXIT_FAILURE;
  } finally {
    await bridge.close();
  }
}

// Which era the server was reached in: 2026-07-28 has no handshake, the legacy revisions do.
function eraOf(era: 'modern' | 'legacy' | undefined): string {
  return era === undefined ? '' : era === 'modern' ? ' (2026-07-28 era, no handshake)' : ' (legacy era, initialize)';
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
