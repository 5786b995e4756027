import { CliError } from './cli-error';

/** `interlingua mcp …`, parsed. */
export type McpCliArgs =
  | {
      command: 'mcp';
      action: 'login' | 'logout';
      server: string;
      mcp: string;
      browser: boolean;
      /** The scopes a login asks for (`--scope`), e.g. after a server said it needs more. */
      scope: string | undefined;
    }
  | {
      command: 'mcp';
      action: 'serve';
      mcp: string;
      http: boolean;
      host: string;
      port: number;
      agent: string | undefined;
      offline: boolean;
      /** `--prefix`: `server__tool` names even with one server. */
      prefix: boolean;
    };

/** The options the `mcp` command takes. */
export const MCP_OPTIONS = [
  'mcp',
  'http',
  'host',
  'port',
  'no-browser',
  'agent',
  'offline',
  'scope',
  'prefix',
] as const;

type Values = {
  mcp?: string | undefined;
  http?: boolean | undefined;
  host?: string | undefined;
  port?: string | undefined;
  'no-browser'?: boolean | undefined;
  agent?: string | undefined;
  offline?: boolean | undefined;
  scope?: string | undefined;
  prefix?: boolean | undefined;
};

/** `mcp login <server>`, `mcp logout <server>` or `mcp serve`, each with `--mcp <mcp.json>`. */
export function parseMcpCliArgs(
  rest: readonly string[],
  values: Values,
  parsePort: (value: string | undefined) => number,
): McpCliArgs {
  const [action, ...more] = rest;
  const hint = 'For example: interlingua mcp serve --mcp mcp.json, or interlingua mcp login linear --mcp mcp.json';
  if (action !== 'login' && action !== 'logout' && action !== 'serve') {
    throw new CliError(
      `Expected \`login\`, \`logout\` or \`serve\` after \`mcp\`, got ${action === undefined ? 'none' : `"${action}"`}.`,
      { hint },
    );
  }
  if (values.mcp === undefined) throw new CliError('Expected --mcp <mcp.json>, got none.', { hint });
  const serveOnly = (['http', 'host', 'port', 'agent', 'offline', 'prefix'] as const).filter(
    (name) => values[name] !== undefined,
  );
  if (action === 'serve') {
    if (more.length > 0) throw new CliError(`Unexpected argument "${more[0]}" for mcp serve.`, { hint });
    if (values['no-browser'] !== undefined) throw new CliError('mcp serve takes no --no-browser.', { hint });
    if (values.scope !== undefined) throw new CliError('mcp serve takes no --scope.', { hint });
    if (values.http !== true && (values.host !== undefined || values.port !== undefined)) {
      throw new CliError('--host and --port are for --http; over stdio there is nothing to bind.', { hint });
    }
    return {
      command: 'mcp',
      action,
      mcp: values.mcp,
      http: values.http === true,
      host: values.host ?? '127.0.0.1',
      port: parsePort(values.port),
      agent: values.agent,
      offline: values.offline === true,
      prefix: values.prefix === true,
    };
  }
  const [server, extra] = more;
  if (server === undefined)
    throw new CliError(`Expected the server to ${action === 'login' ? 'log in to' : 'log out of'}, got none.`, {
      hint,
    });
  if (extra !== undefined) throw new CliError(`Unexpected argument "${extra}" for mcp ${action}.`, { hint });
  if (serveOnly.length > 0) throw new CliError(`mcp ${action} takes no --${serveOnly[0]}.`, { hint });
  if (action === 'logout' && values.scope !== undefined) throw new CliError('mcp logout takes no --scope.', { hint });
  return {
    command: 'mcp',
    action,
    server,
    mcp: values.mcp,
    browser: values['no-browser'] !== true,
    scope: values.scope,
  };
}
