import { InvalidSettingError } from '@interlingua/core';
import { createRedactor } from '@interlingua/core/adapter';
import { type Gateway, type GatewayConfig, readGatewayConfig } from '@interlingua/gateway';
import { createBuiltInGateway } from '../../gateway/create-built-in-gateway';
import type { GatewayMcp } from '../../gateway/open-gateway-mcp';
import { createTraceRecorder } from '../../trace/create-trace-recorder';
import { secretsFromEnv } from '../../trace/secrets-from-env';
import { CliError, EXIT_FAILURE } from '../cli-error';
import type { CliIO } from '../cli-io';
import { openGatewayStore } from '../open-gateway-store';
import type { CliArgs } from '../parse-cli-args';
import { tuneHeapForServing } from '../serving-heap-flags';
import { stylesFor } from '../styles-for';

// What the "store lost its data" line tells the operator to do (docs/decisions/014-store-epoch.md).
const STORE_LOST_ACTION =
  "Keys created through the admin routes are refused and revoked keys stay refused. Restore Redis's data from a backup, or accept the loss with POST /admin/store/reinitialize (master key); see docs/gateway-scale.md.";

/**
 * `interlingua gateway --config gateway.json`: serves the config's models until SIGTERM or
 * SIGINT, then drains in-flight requests (bounded by `shutdownGraceMs`) and resolves with 0.
 * Request log lines go to stdout (JSON, asynchronously); the banner and warnings to stderr.
 * Run as the process itself, it first tunes V8's heap for serving (`serving-heap-flags.ts`).
 */
export async function gatewayCommand(args: Extract<CliArgs, { command: 'gateway' }>, io: CliIO): Promise<number> {
  if (io.stdout === process.stdout) tuneHeapForServing(process.execArgv);
  const config = await readGatewayConfig(args.config, { env: io.env }).catch((error: unknown) => {
    if (!InvalidSettingError.isInstance(error)) throw error;
    throw new CliError(error.message, {
      hint: 'Every setting is described in docs/gateway.md ("Config reference").',
      cause: error,
    });
  });
  // The configured provider keys and the master key are redacted from the trace, as from the log.
  const secrets = [
    ...secretsFromEnv(io.env),
    ...Object.values(config.providers).map((provider) => provider.apiKey),
    config.masterKey,
  ];
  const trace =
    args.traceFile === undefined
      ? undefined
      : createTraceRecorder({ file: args.traceFile, redact: createRedactor(secrets), source: 'interlingua gateway' });
  let gateway: Gateway | undefined;
  // Redis outages, recoveries and a loss of its data go to the log as JSON lines, like requests.
  const store = await openGatewayStore(config, (event) => {
    const { type, ...fields } = event;
    if (type === 'served-open') gateway?.logger.warn({ store: 'redis', ...fields }, 'served without the shared store');
    else if (type === 'unavailable') gateway?.logger.error({ store: 'redis', ...fields }, 'store unavailable');
    else if (type === 'data-lost')
      gateway?.logger.error({ store: 'redis', ...fields, action: STORE_LOST_ACTION }, 'store lost its data');
    else if (type === 'data-restored') gateway?.logger.warn({ store: 'redis', ...fields }, 'store data restored');
    else if (type === 'reinitialized') gateway?.logger.warn({ store: 'redis', ...fields }, 'store reinitialized');
    else gateway?.logger.info({ store: 'redis' }, 'store recovered');
  }).catch(async (error: unknown) => {
    await trace?.close();
    throw error;
  });
  let url: string;
  let mcp: GatewayMcp | undefined;
  try {
    // The config's MCP servers, served at mcp.path behind the same keys (remote servers' OAuth logins from `interlingua mcp login`).
    // Imported only with an `mcp` section: serving models needs no MCP SDK (issue 33, memory).
    mcp = config.mcp === undefined ? undefined : await openMcp(config, args.config, io.env);
    gateway = createBuiltInGateway(config, {
      ...(mcp === undefined ? {} : { mcp }),
      ...(store === undefined ? {} : { store }),
      ...(trace === undefined ? {} : { trace }),
      env: io.env,
      registry: { env: io.env },
      // The process's own stdout gets pino's asynchronous writer; a test double gets the lines as they come.
      ...(io.stdout === process.stdout ? {} : { log: { write: (line: string) => io.stdout.write(line) } }),
    });
    ({ url } = await gateway.listen({ host: args.host, port: args.port }));
  } catch (error) {
    // An open Redis connection (or the trace file, or the MCP servers) would keep the process alive after the error is printed.
    await mcp?.mount.close?.();
    await store?.close();
    await trace?.close();
    throw listenError(error, args);
  }
  const running = gateway;
  const styles = stylesFor(io.stderr, io.env);
  const names = running.config.models === undefined ? [] : Object.keys(running.config.models);
  io.stderr.write(
    `${styles.bold('Interlingua gateway')} listening on ${url} — models: ${names.join(', ') || 'none'}\n`,
  );
  if (mcp !== undefined) {
    io.stderr.write(`  MCP: ${url}${mcp.mount.path} — servers: ${mcp.servers.join(', ') || 'none'}\n`);
    for (const server of mcp.bridge.servers) {
      if (server.state === 'failed') {
        io.stderr.write(
          `${styles.dim(`  MCP server ${server.name} is unavailable: ${server.error?.message.split('\n')[0] ?? 'failed to start'}`)}\n`,
        );
      }
    }
  }
  for (const [backend, reason] of running.unavailable) {
    io.stderr.write(`${styles.dim(`  ${backend} is unavailable: ${reason.message}`)}\n`);
  }
  if (args.traceFile !== undefined) {
    io.stderr.write(
      `${styles.dim(`  trace: ${args.traceFile} (view it with: interlingua trace ${args.traceFile})`)}\n`,
    );
  }
  for (const unpriced of running.unpricedBudgets) io.stderr.write(`${styles.dim(`  ${unpriced.message}`)}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      io.stderr.write('Shutting down: finishing in-flight requests…\n');
      running
        .close()
        .then(() => trace?.close())
        .then(resolve, resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  return 0;
}

// The listen failures a user can act on, said in one line; the rest as they are.
function listenError(error: unknown, args: { host: string; port: number }): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return new CliError(`Port ${args.port} on ${args.host} is already in use.`, {
      hint: 'Stop the server using it, or pass another --port (--port 0 picks a free one).',
      exitCode: EXIT_FAILURE,
      cause: error,
    });
  }
  if (code === 'EACCES') {
    return new CliError(`Not allowed to listen on port ${args.port} of ${args.host}.`, {
      hint: 'Ports below 1024 need privileges: pass a --port of 1024 or above.',
      exitCode: EXIT_FAILURE,
      cause: error,
    });
  }
  if (code === 'EADDRNOTAVAIL') {
    return new CliError(`${args.host} is not an address of this machine.`, {
      hint: 'Pass a --host this machine has (127.0.0.1, or 0.0.0.0 for every interface, which needs keys).',
      exitCode: EXIT_FAILURE,
      cause: error,
    });
  }
  return error;
}

// The bridge and the MCP SDK under it, loaded for a config that serves MCP only.
async function openMcp(
  config: GatewayConfig,
  configPath: string,
  env: Record<string, string | undefined>,
): Promise<GatewayMcp | undefined> {
  const [{ openGatewayMcp }, { createFileTokenStore, defaultTokenDirectory }] = await Promise.all([
    import('../../gateway/open-gateway-mcp'),
    import('@interlingua/mcp-bridge'),
  ]);
  return openGatewayMcp(config, {
    configPath,
    env,
    bridge: { tokenStore: createFileTokenStore(defaultTokenDirectory(env)) },
  }).catch((error: unknown) => {
    if (!InvalidSettingError.isInstance(error)) throw error;
    throw new CliError(error.message, { hint: 'See docs/gateway.md, "MCP on the gateway".', cause: error });
  });
}
