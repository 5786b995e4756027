import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { parseCliArgs } from './parse-cli-args';

describe('parseCliArgs', () => {
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
      prompt: '北京 天气',
    });
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
