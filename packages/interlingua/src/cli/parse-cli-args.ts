import { parseArgs } from 'node:util';
import { findClosestMatch } from '@interlingua/core/adapter';
import { CliError } from './cli-error';
import { MCP_OPTIONS, type McpCliArgs, parseMcpCliArgs } from './parse-mcp-cli-args';

/** The CLI's commands. */
export type CliCommand = 'chat' | 'tools' | 'translate' | 'trace' | 'gateway' | 'mcp';

/** Parsed command line. */
export type CliArgs =
  | { command: 'help'; topic: CliCommand | undefined }
  | { command: 'version' }
  | {
      command: 'chat';
      model: string | undefined;
      mcp: string | undefined;
      system: string | undefined;
      baseURL: string | undefined;
      offline: boolean;
      stream: boolean;
      maxSteps: number | undefined;
      trace: boolean;
      traceFile: string | undefined;
      prompt: string | undefined;
    }
  | { command: 'tools'; mcp: string; trace: boolean }
  | { command: 'trace'; file: string; port: number; follow: boolean }
  | { command: 'translate'; from: string; to: string; model: string | undefined; input: string | undefined }
  | { command: 'gateway'; config: string; host: string; port: number; traceFile: string | undefined }
  | McpCliArgs;

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  model: { type: 'string', short: 'm' },
  mcp: { type: 'string' },
  system: { type: 'string', short: 's' },
  'base-url': { type: 'string' },
  offline: { type: 'boolean' },
  'no-stream': { type: 'boolean' },
  'max-steps': { type: 'string' },
  trace: { type: 'boolean' },
  'trace-file': { type: 'string' },
  port: { type: 'string' },
  follow: { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
  config: { type: 'string', short: 'c' },
  host: { type: 'string' },
  http: { type: 'boolean' },
  prefix: { type: 'boolean' },
  'no-browser': { type: 'boolean' },
  agent: { type: 'string' },
  scope: { type: 'string' },
} as const;

const ALLOWED: Record<CliCommand, readonly string[]> = {
  chat: ['model', 'mcp', 'system', 'base-url', 'offline', 'no-stream', 'max-steps', 'trace', 'trace-file'],
  tools: ['mcp', 'trace'],
  translate: ['from', 'to', 'model'],
  trace: ['port', 'follow'],
  gateway: ['config', 'host', 'port', 'trace-file'],
  mcp: MCP_OPTIONS,
};

/** Parses `argv` (without `node` and the script). Throws `CliError` on bad usage, with a hint. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  // `pnpm demo -- --flag` may hand the separator through.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw describeParseError(error);
  }
  const { values, positionals } = parsed;
  const [first, ...rest] = positionals;
  if (values.version === true) return { command: 'version' };
  if (first === undefined) {
    if (values.help === true) return { command: 'help', topic: undefined };
    throw new CliError('Expected a command (chat, tools, translate, trace, gateway or mcp), got none.', {
      hint: 'Run `interlingua --help` for the commands and their options.',
    });
  }
  if (first === 'help') return { command: 'help', topic: isCommand(rest[0]) ? rest[0] : undefined };
  if (!isCommand(first)) {
    throw new CliError(`Expected a command (chat, tools, translate, trace, gateway or mcp), got "${first}".`, {
      hint: 'Run `interlingua --help` for the commands and their options.',
    });
  }
  if (values.help === true) return { command: 'help', topic: first };
  for (const name of Object.keys(values)) {
    if (!ALLOWED[first].includes(name) && name !== 'help' && name !== 'version') {
      throw new CliError(`The ${first} command takes no --${name}.`, { hint: `Run \`interlingua ${first} --help\`.` });
    }
  }
  switch (first) {
    case 'chat':
      return {
        command: 'chat',
        model: values.model,
        mcp: values.mcp,
        system: values.system,
        baseURL: values['base-url'],
        offline: values.offline === true,
        stream: values['no-stream'] !== true,
        maxSteps: parseMaxSteps(values['max-steps']),
        trace: values.trace === true,
        traceFile: values['trace-file'],
        prompt: rest.length === 0 ? undefined : rest.join(' '),
      };
    case 'trace':
      if (rest[0] === undefined) {
        throw new CliError('Expected the trace file to show, got none.', {
          hint: 'For example: interlingua chat --offline --trace-file run.jsonl "你好" && interlingua trace run.jsonl',
        });
      }
      noPositionals(first, rest.slice(1));
      return { command: 'trace', file: rest[0], port: parsePort(values.port), follow: values.follow === true };
    case 'tools':
      if (values.mcp === undefined) {
        throw new CliError('Expected --mcp <mcp.json>, got none.', {
          hint: 'For example: interlingua tools --mcp examples/weather-server/mcp.json',
        });
      }
      noPositionals(first, rest);
      return { command: 'tools', mcp: values.mcp, trace: values.trace === true };
    case 'translate':
      if (values.from === undefined || values.to === undefined) {
        throw new CliError('Expected --from <provider> and --to <provider>.', {
          hint: 'For example: interlingua translate --from openai --to anthropic < request.json',
        });
      }
      if (rest.length > 1) noPositionals(first, rest.slice(1));
      return { command: 'translate', from: values.from, to: values.to, model: values.model, input: rest[0] };
    case 'gateway':
      if (values.config === undefined) {
        throw new CliError('Expected --config <gateway.json>, got none.', {
          hint: 'For example: interlingua gateway --config examples/gateway/gateway.json',
        });
      }
      noPositionals(first, rest);
      return {
        command: 'gateway',
        config: values.config,
        host: values.host ?? '127.0.0.1',
        port: values.port === undefined ? 4000 : parsePort(values.port),
        traceFile: values['trace-file'],
      };
    case 'mcp':
      return parseMcpCliArgs(rest, values, parsePort);
    default: {
      const exhaustive: never = first;
      throw new Error(`Unknown command ${String(exhaustive)}`);
    }
  }
}

function isCommand(value: string | undefined): value is CliCommand {
  return (
    value === 'chat' ||
    value === 'tools' ||
    value === 'translate' ||
    value === 'trace' ||
    value === 'gateway' ||
    value === 'mcp'
  );
}

function noPositionals(command: string, rest: readonly string[]): void {
  if (rest.length > 0) {
    throw new CliError(`Unexpected argument "${rest[0]}" for ${command}.`, {
      hint: `Run \`interlingua ${command} --help\`.`,
    });
  }
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new CliError(`Expected --port to be a port number (0–65535, 0 for any free one), got "${value}".`);
  }
  return port;
}

function parseMaxSteps(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const steps = Number(value);
  if (!Number.isInteger(steps) || steps < 1) {
    throw new CliError(`Expected --max-steps to be a positive integer, got "${value}".`);
  }
  return steps;
}

// Node's parseArgs messages are about parseArgs; say which option was wrong and what was meant.
function describeParseError(error: unknown): CliError {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    const nearest = findClosestMatch(option.replace(/^-+/, ''), Object.keys(OPTIONS));
    return new CliError(`Unknown option ${option}${nearest === undefined ? '.' : `; did you mean --${nearest}?`}`, {
      hint: 'Run `interlingua --help` for the commands and their options.',
      cause: error,
    });
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) {
    const name = option.replace(/^-+/, '');
    const takesValue = Object.hasOwn(OPTIONS, name) && OPTIONS[name as keyof typeof OPTIONS].type === 'string';
    return new CliError(takesValue ? `Expected a value after --${name}, got none.` : `--${name} takes no value.`, {
      hint: 'Run `interlingua --help` for the commands and their options.',
      cause: error,
    });
  }
  return new CliError(message, { hint: 'Run `interlingua --help` for the commands and their options.', cause: error });
}
