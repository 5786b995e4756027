import { sanitizeToolNamePart } from '@interlingua/mcp-bridge';
import { createRedactor, secretsFromEnv } from '../../trace/redact-secrets';
import type { CliIO } from '../cli-io';
import { openMcpBridge } from '../open-mcp-bridge';
import { createTracePrinter } from '../print-trace';
import { stylesFor } from '../styles-for';

/**
 * `interlingua tools --mcp mcp.json`: connects to every server and prints each (protocol
 * version, tool count) and each exposed `server__tool` with its description.
 */
export async function toolsCommand(options: { mcp: string; trace: boolean }, io: CliIO): Promise<void> {
  const styles = stylesFor(io.stdout, io.env);
  const tracer = options.trace
    ? createTracePrinter(io.stderr, stylesFor(io.stderr, io.env), createRedactor(secretsFromEnv(io.env)))
    : undefined;
  const bridge = await openMcpBridge(options.mcp, tracer, 'skip');
  try {
    const tools = await bridge.tools();
    for (const server of bridge.servers) {
      // Exposed names start with the sanitized server name and `__`.
      const prefix = `${sanitizeToolNamePart(server.name)}__`;
      const own = tools.filter((tool) => tool.name.startsWith(prefix));
      io.stdout.write(
        `${styles.bold(server.name)}  ${server.serverInfo === undefined ? '' : `${server.serverInfo.name} ${server.serverInfo.version}  `}protocol ${server.protocolVersion ?? 'unknown'}  ${own.length} tool${own.length === 1 ? '' : 's'}${server.state === 'failed' ? `  failed: ${server.error?.message ?? ''}` : ''}\n`,
      );
      for (const tool of own) io.stdout.write(`  ${styles.cyan(tool.name)}  ${oneLine(tool.description)}\n`);
    }
  } finally {
    await bridge.close();
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
