import { readGatewayConfig } from '@interlingua/gateway';
import { createBuiltInGateway } from '../../gateway/create-built-in-gateway';
import type { CliIO } from '../cli-io';
import type { CliArgs } from '../parse-cli-args';
import { stylesFor } from '../styles-for';

/**
 * `interlingua gateway --config gateway.json`: serves the config's models until SIGTERM or
 * SIGINT, then drains in-flight requests (bounded by `shutdownGraceMs`) and resolves with 0.
 * Request log lines go to stdout (JSON, asynchronously); the banner and warnings to stderr.
 */
export async function gatewayCommand(args: Extract<CliArgs, { command: 'gateway' }>, io: CliIO): Promise<number> {
  const config = await readGatewayConfig(args.config, { env: io.env });
  const gateway = createBuiltInGateway(config, {
    env: io.env,
    registry: { env: io.env },
    // The process's own stdout gets pino's asynchronous writer; a test double gets the lines as they come.
    ...(io.stdout === process.stdout ? {} : { log: { write: (line: string) => io.stdout.write(line) } }),
  });
  const { url } = await gateway.listen({ host: args.host, port: args.port });
  const styles = stylesFor(io.stderr, io.env);
  const names = gateway.config.models === undefined ? [] : Object.keys(gateway.config.models);
  io.stderr.write(
    `${styles.bold('Interlingua gateway')} listening on ${url} — models: ${names.join(', ') || 'none'}\n`,
  );
  for (const [backend, reason] of gateway.unavailable) {
    io.stderr.write(`${styles.dim(`  ${backend} is unavailable: ${reason.message}`)}\n`);
  }
  for (const unpriced of gateway.unpricedBudgets) io.stderr.write(`${styles.dim(`  ${unpriced.message}`)}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      io.stderr.write('Shutting down: finishing in-flight requests…\n');
      gateway.close().then(resolve, resolve);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  return 0;
}
