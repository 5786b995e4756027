import { dirname, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import {
  createFileTokenStore,
  createMcpAggregatorServer,
  createMcpRequestRelay,
  defaultTokenDirectory,
  loginMcpServer,
  logoutMcpServer,
  McpBridge,
  type McpRemoteServerConfig,
  type McpServedTool,
  notifyListenStreams,
  parseMcpConfig,
  parseMcpServeConfig,
  readMcpConfigFile,
  serveMcpOverStdio,
  startMcpHttpServer,
} from '@interlingua/mcp-bridge';
import { createAgentTool } from '../../create-agent-tool';
import { CliError, EXIT_USAGE } from '../cli-error';
import type { CliIO } from '../cli-io';
import { openChatModel } from '../open-chat-model';
import { openInBrowser } from '../open-in-browser';
import type { McpCliArgs } from '../parse-mcp-cli-args';

async function remoteServer(path: string, name: string, io: CliIO): Promise<McpRemoteServerConfig> {
  const { servers } = parseMcpConfig(await readMcpConfigFile(path), {
    env: io.env,
    workspaceFolder: dirname(resolve(path)),
  });
  const server = Object.hasOwn(servers, name) ? servers[name] : undefined;
  if (server === undefined) {
    throw new CliError(
      `Expected the name of a server in ${path} (${Object.keys(servers).join(', ') || 'none'}), got \`${name}\`.`,
      {
        exitCode: EXIT_USAGE,
      },
    );
  }
  if (server.type === 'stdio') {
    throw new CliError(`MCP server \`${name}\` runs over stdio: OAuth logins are for servers with a \`url\`.`, {
      exitCode: EXIT_USAGE,
    });
  }
  return server;
}

// Until the client goes away (`closed`), or SIGTERM / Ctrl-C.
function untilStopped(closed: Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve();
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    void closed.then(stop);
  });
}

/**
 * `interlingua mcp login|logout <server> --mcp mcp.json` and `interlingua mcp serve --mcp
 * mcp.json [--http]`: OAuth logins kept in the user's config directory, and every configured
 * server's tools served as one MCP server over stdio (stdout carries only the protocol) or
 * Streamable HTTP (loopback by default; elsewhere with the mcp.json's `serve` keys, or
 * `INTERLINGUA_MCP_TOKEN` as bearer token), one JSON audit line per call on stderr.
 */
export async function mcpCommand(args: McpCliArgs, io: CliIO): Promise<number> {
  if (args.action === 'serve') return serve(args, io);
  const tokenStore = createFileTokenStore(defaultTokenDirectory(io.env));
  if (args.action === 'login') {
    const config = await remoteServer(args.mcp, args.server, io);
    await loginMcpServer(args.server, config, {
      tokenStore,
      ...(args.scope === undefined ? {} : { scope: args.scope }),
      openAuthorizationUrl: (url) => {
        io.stderr.write(`Open this URL in a browser to log in to \`${args.server}\`:\n\n  ${url.href}\n\n`);
        if (args.browser) openInBrowser(url.href, io.env);
        io.stderr.write('Waiting for the browser to come back…\n');
      },
    });
    io.stdout.write(`Logged in to \`${args.server}\`.\n`);
    return 0;
  }
  await logoutMcpServer(args.server, await remoteServer(args.mcp, args.server, io), { tokenStore });
  io.stdout.write(`Logged out of \`${args.server}\`.\n`);
  return 0;
}

// The mcp.json's `serve` section (keys, master key, logArguments), its server names checked against the bridge's.
async function serveConfig(path: string, bridge: McpBridge, io: CliIO) {
  try {
    return parseMcpServeConfig(await readMcpConfigFile(path), {
      env: io.env,
      servers: bridge.servers.map((server) => server.name),
    });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error), { exitCode: EXIT_USAGE, cause: error });
  }
}

async function serve(args: Extract<McpCliArgs, { action: 'serve' }>, io: CliIO): Promise<number> {
  const tokenStore = createFileTokenStore(defaultTokenDirectory(io.env));
  // Upstream sampling, elicitation and roots requests go to the client whose request caused them.
  const relay = createMcpRequestRelay();
  const bridge = await McpBridge.fromConfig(args.mcp, {
    onServerError: 'skip',
    tokenStore,
    env: io.env,
    relay: relay.relay,
  }).catch((error: unknown) => {
    throw new CliError(error instanceof Error ? error.message : String(error), {
      exitCode: EXIT_USAGE,
      cause: error,
    });
  });
  const session =
    args.agent === undefined
      ? undefined
      : await openChatModel({ model: args.agent, baseURL: undefined, offline: args.offline }, io, undefined);
  try {
    for (const server of bridge.servers) {
      if (server.state === 'failed')
        io.stderr.write(`MCP server \`${server.name}\` is not available: ${server.error?.message.split('\n')[0]}\n`);
    }
    const tools: McpServedTool[] =
      session === undefined ? [] : [createAgentTool({ model: session.model, tools: () => bridge.tools() })];
    const serverOptions = { tools, relay, ...(args.prefix ? { prefixNames: true } : {}) };
    if (!args.http) {
      // The CLI's streams are the process's here (cli.ts); stdout carries nothing but frames.
      const serving = await serveMcpOverStdio(() => createMcpAggregatorServer(bridge, serverOptions), {
        stdin: io.stdin as Readable,
        stdout: io.stdout as unknown as Writable,
      });
      await untilStopped(serving.closed);
      await serving.close();
      return 0;
    }
    const token = io.env.INTERLINGUA_MCP_TOKEN;
    const serve = await serveConfig(args.mcp, bridge, io);
    const http = await startMcpHttpServer({
      bridge,
      aggregator: serverOptions,
      host: args.host,
      port: args.port,
      ...(token === undefined || token === '' ? {} : { token }),
      ...(serve === undefined ? {} : { keys: serve, logArguments: serve.logArguments }),
      // One JSON line per call on stderr (stdout carries the endpoint's URL): key name, server, tool, outcome.
      audit: (line) => io.stderr.write(`${JSON.stringify({ type: 'mcp-audit', ...line })}\n`),
    }).catch((error: unknown) => {
      throw new CliError(error instanceof Error ? error.message : String(error), {
        hint: 'Add a `serve` section with `keys` (or `masterKey`) to the mcp.json, set INTERLINGUA_MCP_TOKEN, or serve on 127.0.0.1.',
        exitCode: EXIT_USAGE,
        cause: error,
      });
    });
    const stopNotifying = notifyListenStreams(bridge, http.notify, serverOptions);
    io.stdout.write(`MCP endpoint: ${http.url}\n`);
    await untilStopped(new Promise<void>(() => {}));
    stopNotifying();
    await http.close();
    return 0;
  } finally {
    await bridge.close();
    await session?.close();
  }
}
