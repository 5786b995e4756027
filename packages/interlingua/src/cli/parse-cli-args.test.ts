import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { parseCliArgs } from './parse-cli-args';

describe('parseCliArgs', () => {
  it('parses mcp login with the scopes to ask for; logout and serve take no --scope', () => {
    expect(parseCliArgs(['mcp', 'login', 'files', '--mcp', 'm.json', '--scope', 'files:read files:write'])).toEqual({
      command: 'mcp',
      action: 'login',
      server: 'files',
      mcp: 'm.json',
      browser: true,
      scope: 'files:read files:write',
    });
    expect(() => parseCliArgs(['mcp', 'logout', 'files', '--mcp', 'm.json', '--scope', 'x'])).toThrow(
      /takes no --scope/,
    );
    expect(() => parseCliArgs(['mcp', 'serve', '--mcp', 'm.json', '--scope', 'x'])).toThrow(/takes no --scope/);
  });

  it('parses chat with a prompt made of the remaining words', () => {
    expect(parseCliArgs(['chat', '-m', 'openai:gpt-4.1', '--mcp', 'mcp.json', '--trace', '北京', '天气'])).toEqual({
      command: 'chat',
      model: 'openai:gpt-4.1',
      mcp: 'mcp.json',
      system: undefined,
      baseURL: undefined,
      offline: false,
      stream: true,
      maxSteps: undefined,
      trace: true,
      traceFile: undefined,
      prompt: '北京 天气',
    });
  });

  it('parses --trace-file on chat, and the trace command with --port and --follow', () => {
    expect(parseCliArgs(['chat', '--offline', '--trace-file', 'run.jsonl', 'hi'])).toMatchObject({
      command: 'chat',
      traceFile: 'run.jsonl',
      prompt: 'hi',
    });
    expect(parseCliArgs(['trace', 'run.jsonl'])).toEqual({
      command: 'trace',
      file: 'run.jsonl',
      port: 0,
      follow: false,
    });
    expect(parseCliArgs(['trace', 'run.jsonl', '--port', '4317', '--follow'])).toEqual({
      command: 'trace',
      file: 'run.jsonl',
      port: 4317,
      follow: true,
    });
    expect(() => parseCliArgs(['trace'])).toThrow(/Expected the trace file to show, got none/);
    expect(() => parseCliArgs(['trace', 'run.jsonl', '--port', '70000'])).toThrow(
      'Expected --port to be a port number (0–65535, 0 for any free one), got "70000".',
    );
    expect(() => parseCliArgs(['trace', 'a.jsonl', 'b.jsonl'])).toThrow(/Unexpected argument "b.jsonl"/);
    expect(() => parseCliArgs(['tools', '--mcp', 'm.json', '--follow'])).toThrow(/takes no --follow/);
  });

  it('accepts a leading -- as pnpm may pass it, and --no-stream', () => {
    expect(parseCliArgs(['--', 'chat', '--offline', '--no-stream'])).toMatchObject({
      command: 'chat',
      offline: true,
      stream: false,
      prompt: undefined,
    });
  });

  it('parses translate with an optional input file', () => {
    expect(parseCliArgs(['translate', '--from', 'openai', '--to', 'gemini', 'body.json'])).toEqual({
      command: 'translate',
      from: 'openai',
      to: 'gemini',
      model: undefined,
      input: 'body.json',
    });
  });

  it('answers help and version', () => {
    expect(parseCliArgs(['--help'])).toEqual({ command: 'help', topic: undefined });
    expect(parseCliArgs(['chat', '--help'])).toEqual({ command: 'help', topic: 'chat' });
    expect(parseCliArgs(['-v'])).toEqual({ command: 'version' });
  });

  it.each([
    [[], /Expected a command/],
    [['serve'], /got "serve"/],
    [['chat', '--bogus'], /bogus/],
    [['tools'], /Expected --mcp/],
    [['tools', '--mcp', 'a.json', '--system', 'x'], /takes no --system/],
    [['translate', '--from', 'openai'], /--from <provider> and --to/],
    [['chat', '--max-steps', '0'], /positive integer, got "0"/],
  ])('rejects %j with a usage error and a hint', (argv, message) => {
    let caught: unknown;
    try {
      parseCliArgs(argv);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CliError);
    expect((caught as CliError).message).toMatch(message);
    expect((caught as CliError).exitCode).toBe(2);
  });
});
