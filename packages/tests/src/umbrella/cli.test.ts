import {
  anthropicCodec,
  type ChatRequest,
  type Codec,
  type DemoServer,
  geminiCodec,
  openaiCodec,
  startDemoServer,
} from 'interlingua';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runCli, writeWeatherMcpConfig } from './umbrella-fixtures';

// Each test starts real processes (the CLI or tsx, and the MCP server): generous on a loaded machine.
const CHILD_TIMEOUT = 90_000;

let mcpConfig: string;
beforeAll(() => {
  mcpConfig = writeWeatherMcpConfig();
});

describe('interlingua chat (the CLI process, offline model, real weather MCP server)', {
  timeout: CHILD_TIMEOUT,
}, () => {
  it('answers one-shot: the tool call and its result as they happen, the answer on stdout, usage', async () => {
    const result = await runCli([
      'chat',
      '--offline',
      '--model',
      'openai:gpt-4.1',
      '--mcp',
      mcpConfig,
      '北京今天天气怎么样？',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('我需要查一下北京的天气。\n北京今天晴，25°C，适合出门。\n');
    expect(result.stderr).toContain('offline demo model over the openai wire protocol');
    expect(result.stderr).toContain('→ tool call weather__get_weather {"city":"北京"}');
    expect(result.stderr).toContain('← tool result 北京今天晴，25°C');
    expect(result.stderr).toMatch(/usage: \d+ in \/ \d+ out, \$0\.\d+ \(input per step: (\d+) → (\d+)\)/);
    expect(result.stderr).toMatch(/total: \d+ in \/ \d+ out over 1 turn/);
  });

  it('shows a tool error result and the model relaying its suggestion', async () => {
    const result = await runCli(['chat', '--offline', '--mcp', mcpConfig, '北进今天天气怎么样？']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('✗ tool error  找不到城市北进，是否想输入北京？');
    expect(result.stdout).toContain('抱歉，找不到城市北进，是否想输入北京？');
  });

  it('reads the prompt from stdin and can wait for whole answers', async () => {
    const result = await runCli(['chat', '--offline', '--model', 'gemini:gemini-2.5-flash', '--no-stream'], {
      input: '你好\n',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('你好！有什么可以帮你？\n');
  });

  it('takes an OpenAI reasoning model offline over the Responses wire, which it calls', async () => {
    const result = await runCli(['chat', '--offline', '--model', 'openai:gpt-5'], { input: '你好\n' });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('offline demo model over the openai-responses wire protocol');
    expect(result.stdout).toBe('你好！有什么可以帮你？\n');
  });
});

describe('interlingua --trace', { timeout: CHILD_TIMEOUT }, () => {
  let server: DemoServer;
  beforeAll(async () => {
    server = await startDemoServer({ provider: 'anthropic' });
  });
  afterAll(() => server.close());

  it('prints the MCP handshake and tools/call frames and the model bodies, with the API key redacted', async () => {
    const key = 'sk-ant-test-0123456789-secret';
    const result = await runCli(
      [
        'chat',
        '--model',
        'anthropic:claude-sonnet-4-6',
        '--base-url',
        server.url,
        '--mcp',
        mcpConfig,
        '--trace',
        '北京今天天气怎么样？',
      ],
      { env: cleanEnv({ ANTHROPIC_API_KEY: key }) },
    );
    expect(result.code).toBe(0);
    const trace = result.stderr;
    const order = [
      // The probe for the 2026-07-28 era first; this legacy server refuses it and the handshake follows.
      '"method":"server/discover"',
      '[trace] mcp weather → {"method":"initialize"',
      '"result":{"protocolVersion"',
      '"method":"notifications/initialized"',
      '[trace] mcp weather → {"method":"tools/list"',
      `[trace] model → POST ${server.url}/v1/messages`,
      `[trace] model ← 200 ${server.url}/v1/messages (stream`,
      '"content_block":{"type":"tool_use"',
      '[trace] mcp weather → {"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"北京"}', // then _meta.progressToken: the CLI shows progress
      '"result":{"content":[{"type":"text","text":"北京今天晴，25°C"}],"isError":false}',
      '"type": "tool_result"',
    ].map((needle) => trace.indexOf(needle));
    expect(order.map((index) => index >= 0)).toEqual(order.map(() => true));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(trace).toContain('"x-api-key":"[REDACTED]"');
    expect(`${result.stdout}${result.stderr}`).not.toContain(key);
  });
});

describe('interlingua tools', { timeout: CHILD_TIMEOUT }, () => {
  it('prints each server with its protocol version and tool count, and each server__tool', async () => {
    const result = await runCli(['tools', '--mcp', mcpConfig]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^weather {2}weather-server 0\.3\.0 {2}protocol \d{4}-\d{2}-\d{2} \(legacy era, initialize\) {2}1 tool\n/,
    );
    expect(result.stdout).toContain('  weather__get_weather  根据城市名查询实时天气\n');
  });

  it('lists a server that fails to start with its error, still lists the others, and exits with 1', async () => {
    const config = writeWeatherMcpConfig({ broken: { command: '/nonexistent/mcp-server' } });
    const result = await runCli(['tools', '--mcp', config]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^broken {2}failed: Its command `\/nonexistent\/mcp-server` was not found/m);
    expect(result.stdout).toContain('  weather__get_weather  根据城市名查询实时天气\n');
  });
});

describe('interlingua translate', { timeout: CHILD_TIMEOUT }, () => {
  // The third request of the weather conversation: tools, a tool call and its result in the history.
  const request: ChatRequest = {
    system: '你是一个专业的天气助手，回答简洁。',
    messages: [
      { role: 'user', content: [{ type: 'text', text: '北京今天天气怎么样？' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: '我需要查一下北京的天气。' },
          { type: 'tool-call', id: 'toolu_01AbC', name: 'get_weather', args: { city: '北京' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'toolu_01AbC',
            toolName: 'get_weather',
            content: [{ type: 'text', text: '北京今天晴，25°C' }],
            isError: false,
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: '北京今天晴，25°C，适合出门。' }] },
      { role: 'user', content: [{ type: 'text', text: '那上海呢？' }] },
    ],
    tools: [
      {
        name: 'get_weather',
        description: '根据城市名查询实时天气',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ],
  };
  const codecs = { openai: openaiCodec, anthropic: anthropicCodec, gemini: geminiCodec } as Record<string, Codec>;
  const models = { openai: 'gpt-4.1', anthropic: 'claude-sonnet-4-6', gemini: 'gemini-2.5-flash' } as Record<
    string,
    string
  >;
  // How each format carries the tool call and its result.
  const shapes: Record<string, RegExp[]> = {
    openai: [/"tool_calls"/, /"role": "tool"/, /"tool_call_id"/, /"parameters"/],
    anthropic: [/"type": "tool_use"/, /"type": "tool_result"/, /"input_schema"/, /"system": /],
    gemini: [/"functionCall"/, /"functionResponse"/, /"functionDeclarations"/, /"systemInstruction"/],
  };
  const pairs = Object.keys(codecs).flatMap((from) =>
    Object.keys(codecs)
      .filter((to) => to !== from)
      .map((to) => [from, to] as const),
  );

  it.each(pairs)('%s → %s re-encodes a request with tools and tool results', async (from, to) => {
    const source = codecs[from]!.encodeRequest(request, { model: models[from]! }).value;
    const result = await runCli(['translate', '--from', from, '--to', to], { input: JSON.stringify(source) });
    expect(result.code).toBe(0);
    const decoded = codecs[from]!.decodeRequest(source).value;
    const expected = codecs[to]!.encodeRequest(decoded.request, { model: decoded.model ?? models[to]!, stream: false });
    expect(JSON.parse(result.stdout)).toEqual(expected.value);
    for (const shape of shapes[to]!) expect(result.stdout).toMatch(shape);
    expect(result.stdout).toContain('北京今天晴，25°C');
    expect(result.stdout).toContain('那上海呢？');
  });

  it('rejects a body that is not JSON, and an unknown format, with exit code 2 and a hint', async () => {
    const invalid = await runCli(['translate', '--from', 'openai', '--to', 'anthropic'], { input: '{"model": ' });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/^error: Expected a JSON request body, got invalid JSON/);
    expect(invalid.stderr).toContain('hint: ');
    const unknown = await runCli(['translate', '--from', 'cohere', '--to', 'openai'], { input: '{}' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'Expected --from to be one of openai, openai-responses, anthropic, gemini, got "cohere"',
    );
  });
});

describe('bad input: one line, a hint, a non-zero exit code', { timeout: CHILD_TIMEOUT }, () => {
  it('an unknown provider lists the known ones', async () => {
    const result = await runCli(['chat', '--model', 'cohere:command-r', 'hi']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: Unknown provider "cohere".\nhint: Use one of: anthropic, bedrock, deepseek, gemini, groq, lmstudio, ollama, openai, openai-chat, openai-compatible, openai-responses, openrouter, vertex, vllm (as --model provider:model).\n',
    );
  });

  it('a missing key names the variable to set', async () => {
    const result = await runCli(['chat', '--model', 'anthropic:claude-sonnet-4-6', 'hi']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: Expected an API key for anthropic in ANTHROPIC_API_KEY/);
    expect(result.stderr).toContain('hint: Set the variable, or pass --offline');
  });

  it('an unreadable mcp.json names the file', async () => {
    const result = await runCli(['tools', '--mcp', '/nonexistent/mcp.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('/nonexistent/mcp.json');
    expect(result.stderr).toContain('hint: Pass --mcp the path of an mcp.json');
    expect(result.stderr.trim().split('\n')).toHaveLength(2);
  });

  it('an unknown command or option points at --help', async () => {
    const result = await runCli(['serve']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('hint: Run `interlingua --help`');
  });
});
