import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { ToolOutput } from '@interlingua/core';
import { McpBridge } from '@interlingua/mcp-bridge';
import { scriptedModel, textResponse } from '@interlingua/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from './cli-io';
import { createTerminalHostHooks } from './create-terminal-host-hooks';
import { createTerminalPrompter } from './create-terminal-prompter';

const require = createRequire(import.meta.url);
const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
const everything = join(
  dirname(manifest),
  (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin['mcp-server-everything'] ?? '',
);

// A terminal whose user types `answers`, one per question, and whose screen is `screen`.
function terminal(answers: string[]) {
  const stdin = new PassThrough();
  let screen = '';
  const stderr = {
    write(text: string) {
      screen += text;
      // A question: the next scripted answer, or an empty line for a form field nobody scripted.
      const answer = /[?:\]] $/.test(text) ? (answers.shift() ?? (text.endsWith('): ') ? '' : undefined)) : undefined;
      if (answer !== undefined) setImmediate(() => stdin.write(`${answer}\n`));
      return true;
    },
  };
  const io: CliIO = { stdout: { write: () => true }, stderr, stdin, env: {} };
  return { io, screen: () => screen };
}

const model = scriptedModel([textResponse('a model answered'), textResponse('again')], {
  provider: 'anthropic',
  modelId: 'claude-test',
});
const user = { answers: [] as string[], tty: true };
let bridge: McpBridge;
let shown: () => string;

beforeAll(async () => {
  const { io, screen } = terminal(user.answers);
  shown = screen;
  Object.defineProperty(io.stdin, 'isTTY', { get: () => user.tty });
  const prompter = createTerminalPrompter(io);
  bridge = await McpBridge.fromConfig(
    { mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } } },
    createTerminalHostHooks(model, prompter, io.stderr),
  );
}, 120_000);

afterAll(() => bridge.close());

const text = (output: ToolOutput) => output.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('the CLI asks in the terminal (against server-everything)', () => {
  it('runs a sampling request the user allows, with the chat model, and refuses one they do not', async () => {
    user.answers.push('y');
    const allowed = await bridge.callTool('everything__trigger-sampling-request', { prompt: 'write a haiku' });
    expect(text(allowed)).toContain('a model answered');
    expect(shown()).toContain('MCP server `everything` asks anthropic:claude-test for a completion');
    expect(shown()).toContain('write a haiku');
    user.answers.push('n');
    const refused = await bridge.callTool('everything__trigger-sampling-request', { prompt: 'spend my tokens' });
    expect(refused.isError).toBe(true);
    expect(model.calls).toHaveLength(1);
  });

  it('fills in the form field by field, and declines or cancels as told', async () => {
    user.answers.push('y', 'Ada Lovelace', 'y');
    const accepted = await bridge.callTool('everything__trigger-elicitation-request', {});
    expect(text(accepted)).toContain('Ada Lovelace');
    expect(shown()).toContain('String (string, required): ');
    user.answers.push('n');
    expect(text(await bridge.callTool('everything__trigger-elicitation-request', {}))).toContain('declined');
    user.answers.push('c');
    expect(text(await bridge.callTool('everything__trigger-elicitation-request', {}))).toContain('cancel');
  });

  it('with no terminal, refuses sampling and cancels elicitation, saying so', async () => {
    user.tty = false;
    const refused = await bridge.callTool('everything__trigger-sampling-request', { prompt: 'unattended' });
    expect(refused.isError).toBe(true);
    expect(shown()).toContain('refused: no terminal to ask');
    expect(text(await bridge.callTool('everything__trigger-elicitation-request', {}))).toContain('cancel');
    expect(shown()).toContain('cancelled: no terminal to ask');
    expect(model.calls).toHaveLength(1);
  });
});

describe('URL-mode elicitation and logins asked for mid-chat', () => {
  const noBrowser = { INTERLINGUA_NO_BROWSER: '1' };
  const signal = new AbortController().signal;

  it('shows the host and the full URL, and accepts only when the user says yes', async () => {
    const { io, screen } = terminal(['y', 'n']);
    Object.defineProperty(io.stdin, 'isTTY', { get: () => true });
    const hooks = createTerminalHostHooks(model, createTerminalPrompter(io), io.stderr, noBrowser);
    const request = {
      server: 'billing',
      message: 'Confirm the payment.',
      url: 'https://pay.example.com/confirm?id=7',
      elicitationId: 'e1',
    };
    expect(await hooks.urlElicitation(request, signal)).toEqual({ action: 'accept' });
    expect(await hooks.urlElicitation(request, signal)).toEqual({ action: 'decline' });
    expect(screen()).toContain('MCP server `billing` asks you to visit pay.example.com: Confirm the payment.');
    expect(screen()).toContain('https://pay.example.com/confirm?id=7');
  });

  it('without a terminal: cancels a URL request and offers no login hook (the call fails saying how to log in)', async () => {
    const { io, screen } = terminal([]);
    Object.defineProperty(io.stdin, 'isTTY', { get: () => false });
    const hooks = createTerminalHostHooks(model, createTerminalPrompter(io), io.stderr, noBrowser);
    expect(hooks.login).toBeUndefined();
    const answer = await hooks.urlElicitation(
      { server: 's', message: 'Go there.', url: 'https://example.com/x', elicitationId: 'e2' },
      signal,
    );
    expect(answer).toEqual({ action: 'cancel' });
    expect(screen()).toContain('cancelled: no terminal to ask');
  });

  it('prints the authorization URL of a step-up with the scope the server asked for', async () => {
    const { io, screen } = terminal([]);
    Object.defineProperty(io.stdin, 'isTTY', { get: () => true });
    const hooks = createTerminalHostHooks(model, createTerminalPrompter(io), io.stderr, noBrowser);
    await hooks.login?.openAuthorizationUrl(new URL('https://auth.example.com/authorize?client_id=c'), {
      server: 'files',
      reason: 'insufficient-scope',
      scope: 'files:read files:write',
    });
    expect(screen()).toContain('MCP server `files` needs more scope (files:read files:write) for this call.');
    expect(screen()).toContain('https://auth.example.com/authorize?client_id=c');
  });
});
