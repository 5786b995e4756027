import { createFileTokenStore, defaultTokenDirectory, McpBridge, type McpBridgeOptions } from '@interlingua/mcp-bridge';
import type { TraceRecorder } from '../trace/create-trace-recorder';
import { CliError, EXIT_USAGE } from './cli-error';
import type { TextSink } from './cli-io';
import { describeServerFailure } from './describe-server-failure';
import type { TracePrinter } from './print-trace';
import type { Styles } from './styles-for';

/**
 * Reads an mcp.json (JSON with comments, as the bridge reads it) and connects to its servers.
 * An unreadable or invalid file, a bad server entry or a server that fails to start is a
 * `CliError` carrying the bridge's message (which names the file, server and field). Remote
 * servers' OAuth logins are read from the config directory of `env` (`interlingua mcp login`).
 */
export async function openMcpBridge(
  path: string,
  tracer: TracePrinter | undefined,
  onServerError: 'throw' | 'skip' = 'throw',
  recorder?: TraceRecorder,
  options: Pick<McpBridgeOptions, 'sampling' | 'elicitation' | 'urlElicitation' | 'login'> & {
    env?: Record<string, string | undefined>;
  } = {},
): Promise<McpBridge> {
  const { env, ...hooks } = options;
  try {
    return await McpBridge.fromConfig(path, {
      onServerError,
      ...hooks,
      // OAuth logins of `interlingua mcp login`, from the same config directory.
      tokenStore: createFileTokenStore(defaultTokenDirectory(env)),
      ...(tracer === undefined && recorder === undefined
        ? {}
        : {
            onTrace: (frame) => {
              tracer?.mcp(frame);
              recorder?.mcp(frame);
            },
          }),
    });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error), {
      hint: 'Pass --mcp the path of an mcp.json such as {"mcpServers": {"weather": {"command": "…", "args": […]}}}.',
      exitCode: EXIT_USAGE,
      cause: error,
    });
  }
}

/** One line per server that failed to start, saying the chat goes on without its tools, then its stderr's last lines. */
export function reportUnavailableServers(bridge: McpBridge, sink: TextSink, styles: Styles): void {
  for (const server of bridge.servers) {
    if (server.state !== 'failed') continue;
    const { reason, stderr } = describeServerFailure(server.error);
    sink.write(
      `${styles.red(`MCP server \`${server.name}\` is not available: ${reason}`)} ${styles.dim('(going on without its tools)')}\n`,
    );
    for (const line of stderr) sink.write(`${styles.dim(`  stderr │ ${line}`)}\n`);
  }
}
