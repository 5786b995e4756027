import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli';

function sink() {
  const chunks: string[] = [];
  return { chunks, isTTY: false, write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

async function translate(args: string[], body: unknown) {
  const stdin = new PassThrough();
  stdin.end(JSON.stringify(body));
  const stdout = sink();
  const stderr = sink();
  const code = await runCli(['translate', ...args], { stdin, stdout, stderr, env: { NO_COLOR: '1' } });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

// An OpenAI body with options the other formats cannot carry (issue 13, item 8).
const openaiBody = {
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'Weather in Paris and Rome?' }],
  tools: [
    {
      type: 'function',
      function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    },
  ],
  parallel_tool_calls: false,
  response_format: { type: 'json_object' },
  logprobs: true,
};

describe('interlingua translate: what the target cannot carry is a warning on stderr', () => {
  it('openai → anthropic maps parallel_tool_calls: false and response_format (as an instruction), warns about logprobs', async () => {
    const result = await translate(['--from', 'openai', '--to', 'anthropic'], openaiBody);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(body.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(body).not.toHaveProperty('parallel_tool_calls');
    expect(body.system).toBe('Answer with a single valid JSON value and nothing else.');
    expect(result.stderr.trim().split('\n')).toEqual([
      'warning (unsupported, providerOptions.openai.logprobs): Anthropic has no equivalent of the openai option `logprobs`; it was not sent.',
      'warning (degraded, responseFormat): Anthropic structured outputs need a schema; JSON without one was asked for in the system prompt.',
    ]);
  });

  it('openai → gemini: Gemini has no parallel switch, so that is a warning as well', async () => {
    const result = await translate(['--from', 'openai', '--to', 'gemini'], openaiBody);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'warning (unsupported, providerOptions.openai.parallel_tool_calls): Gemini has no switch',
    );
    expect(result.stderr).toContain('warning (unsupported, responseFormat): Gemini before 3 cannot combine');
    expect(result.stderr).toContain('providerOptions.openai.logprobs');
  });

  it('anthropic → openai maps disable_parallel_tool_use back to parallel_tool_calls: false', async () => {
    const result = await translate(['--from', 'anthropic', '--to', 'openai'], {
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'Weather in Paris and Rome?' }],
      tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: {} } }],
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      metadata: { user_id: 'u-1' },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ parallel_tool_calls: false, max_completion_tokens: 1024 });
    expect(result.stderr).toBe(
      'warning (unsupported, providerOptions.anthropic.metadata): Chat Completions has no equivalent of the anthropic option `metadata`; it was not sent.\n',
    );
  });
});
