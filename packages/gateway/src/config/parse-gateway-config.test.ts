// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is gateway.json syntax, not a template.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidSettingError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { parseGatewayConfig } from './parse-gateway-config';
import { readGatewayConfig } from './read-gateway-config';

const HASH = 'a'.repeat(64);

function problem(input: unknown, env: Record<string, string | undefined> = {}): string {
  try {
    parseGatewayConfig(input, { env });
  } catch (error) {
    expect(InvalidSettingError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

describe('parseGatewayConfig', () => {
  it('reads JSONC (comments, trailing commas) and fills the defaults', () => {
    const config = parseGatewayConfig(
      `// a comment
      { "models": { "fast": { "model": "openai:gpt-4.1-mini", /* inline */ "fallbacks": ["anthropic:claude-haiku-4-5"], }, }, }`,
      { env: {} },
    );
    expect(config.models.fast).toEqual({ model: 'openai:gpt-4.1-mini', fallbacks: ['anthropic:claude-haiku-4-5'] });
    expect(config).toMatchObject({
      allowProviderModels: false,
      store: { type: 'memory' },
      limits: { maxBodyBytes: 10_485_760, maxConcurrent: 1024 },
      cooldown: { failures: 3, windowMs: 60_000, cooldownMs: 30_000 },
      shutdownGraceMs: 10_000,
    });
  });

  it('names the line and column of a JSON syntax error', () => {
    expect(problem('{\n  "models": {,\n}')).toMatch(/^gateway\.json:2:14: expected JSON \(comments allowed\), got /);
  });

  it('names the path of every schema problem', () => {
    const message = problem({
      models: { fast: { model: 'gpt-4.1', retries: -1 } },
      keys: [{ name: 'team-a', sha256: 'abc' }],
      limits: { maxBodyBytes: 0 },
    });
    expect(message).toContain('models.fast.model: expected a "provider:model" string');
    expect(message).toContain('models.fast.retries');
    expect(message).toContain('keys[0].sha256: expected the 64-character hex SHA-256 of the key');
    expect(message).toContain('limits.maxBodyBytes');
  });

  it('reads models.<name>.passThrough as body field names, naming a bad one', () => {
    const config = parseGatewayConfig(
      { models: { gpt: { model: 'openai:gpt-4.1', passThrough: ['user', 'metadata'] } } },
      { env: {} },
    );
    expect(config.models.gpt?.passThrough).toEqual(['user', 'metadata']);
    expect(problem({ models: { gpt: { model: 'openai:gpt-4.1', passThrough: ['user', 'a.b'] } } })).toContain(
      'models.gpt.passThrough[1]: expected a body field name',
    );
  });

  it('reads a Redis store entry with its URL from the environment, and names what is wrong with one', () => {
    const config = parseGatewayConfig(
      { store: { type: 'redis', url: '${env:REDIS_URL}', prefix: 'prod', onUnavailable: 'fail-open' } },
      { env: { REDIS_URL: 'redis://:pw@10.0.0.5:6379/2' } },
    );
    expect(config.store).toEqual({
      type: 'redis',
      url: 'redis://:pw@10.0.0.5:6379/2',
      prefix: 'prod',
      onUnavailable: 'fail-open',
    });
    const message = problem({ store: { type: 'redis', url: 'http://x', prefix: 'a b' } });
    expect(message).toContain('store.url: expected a redis:// or rediss:// URL');
    expect(message).toContain('store.prefix');
    expect(message).toContain('store.onUnavailable');
  });

  it('fills the http bounds and the ad-hoc model cache with their documented defaults, and checks them', () => {
    const config = parseGatewayConfig({}, { env: {} });
    expect(config.http).toEqual({
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 4096,
    });
    expect(config.limits.maxProviderModels).toBe(256);
    expect(parseGatewayConfig({ http: { requestTimeoutMs: 120_000 } }, { env: {} }).http).toMatchObject({
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 120_000,
    });
    expect(problem({ http: { headersTimeoutMs: 30_000, requestTimeoutMs: 20_000 } })).toContain(
      'http.headersTimeoutMs: expected headersTimeoutMs to be at most requestTimeoutMs',
    );
    const message = problem({
      http: { maxConnections: 0, keepAliveTimeoutMs: 'long' },
      limits: { maxProviderModels: -1 },
    });
    expect(message).toContain('http.maxConnections');
    expect(message).toContain('http.keepAliveTimeoutMs');
    expect(message).toContain('limits.maxProviderModels');
    expect(problem({ http: { idleTimeoutMs: 5 } })).toContain('idleTimeoutMs');
  });

  it('refuses unknown settings (a typo is not silently ignored)', () => {
    expect(problem({ modles: {} })).toContain('modles');
  });

  it('checks cross references: key models and fallbacks', () => {
    const message = problem({
      models: { fast: { model: 'openai:gpt-4.1-mini', fallbacks: ['slow'] } },
      keys: [{ name: 'team-a', sha256: HASH, models: ['fast', 'other'] }],
    });
    expect(message).toContain('models.fast.fallbacks[0]: expected a model name (fast) or "provider:model", got "slow"');
    expect(message).toContain('keys[0].models[1]: expected one of the configured models (fast), got "other"');
  });

  it('refuses the same key twice', () => {
    expect(
      problem({
        keys: [
          { name: 'a', sha256: HASH },
          { name: 'b', sha256: HASH.toUpperCase() },
        ],
      }),
    ).toContain('keys[1].sha256: the same key is listed twice');
  });

  it('resolves ${env:NAME}; an unset whole-string reference leaves the setting out', () => {
    const config = parseGatewayConfig(
      {
        providers: {
          openai: { apiKey: '${env:OPENAI_API_KEY}', baseURL: '${env:OPENAI_BASE_URL}' },
          anthropic: { baseURL: 'https://${env:HOST:-api.anthropic.com}/' },
        },
        masterKey: '${env:GATEWAY_MASTER_KEY}',
      },
      { env: { OPENAI_API_KEY: 'sk-from-env-1234' } },
    );
    expect(config.providers.openai).toEqual({ apiKey: 'sk-from-env-1234' });
    expect(config.providers.anthropic).toEqual({ baseURL: 'https://api.anthropic.com/' });
    expect(config.masterKey).toBeUndefined();
  });

  it('refuses an unset variable inside a longer string, naming it and the path', () => {
    expect(problem({ providers: { openai: { baseURL: 'https://${env:NOPE}/v1' } } })).toBe(
      'gateway.json: providers.openai.baseURL: `${env:NOPE}` names the environment variable NOPE, which is not set.',
    );
  });

  it('refuses __proto__ as a model name instead of dropping it, and leaves Object.prototype alone', () => {
    expect(problem('{"models": {"__proto__": {"model": "openai:gpt-4.1"}}}')).toContain(
      'expected a name other than __proto__, constructor or prototype',
    );
    expect(({} as Record<string, unknown>).model).toBeUndefined();
  });

  it('readGatewayConfig names the file in errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gateway-config-'));
    const path = join(dir, 'gateway.json');
    await writeFile(path, '{ "limits": { "maxConcurrent": "many" } }');
    await expect(readGatewayConfig(path, { env: {} })).rejects.toThrow(`${path}: limits.maxConcurrent`);
    await expect(readGatewayConfig(join(dir, 'missing.json'))).rejects.toThrow(
      /Expected a readable gateway config at .*missing\.json: ENOENT/,
    );
  });
});

describe('parseGatewayConfig: the mcp section and keys’ MCP allow-lists', () => {
  const servers = {
    fs: { command: 'npx', args: ['@modelcontextprotocol/server-filesystem', '.'] },
    gh: { url: 'https://example.com/mcp' },
  };

  it('reads the section with its defaults, and a key’s allow-list', () => {
    const config = parseGatewayConfig(
      {
        mcp: { servers },
        keys: [
          { name: 'ci', sha256: HASH, mcp: { servers: ['fs'], tools: ['fs__read_text_file', 'fs__list_*'], rpm: 30 } },
        ],
      },
      { env: {} },
    );
    expect(config.mcp).toEqual({ servers, path: '/mcp', logArguments: false });
    expect(config.keys?.[0]?.mcp).toEqual({ servers: ['fs'], tools: ['fs__read_text_file', 'fs__list_*'], rpm: 30 });
  });

  it('resolves ${env:…} inside inline servers, as everywhere in the file', () => {
    const config = parseGatewayConfig(
      { mcp: { servers: { gh: { url: 'https://example.com/mcp', headers: { authorization: 'Bearer ${env:GH}' } } } } },
      { env: { GH: 'ghp_secret' } },
    );
    expect(config.mcp?.servers?.gh).toEqual({
      url: 'https://example.com/mcp',
      headers: { authorization: 'Bearer ghp_secret' },
    });
  });

  it('takes `config` or `servers`, not both or neither', () => {
    expect(problem({ mcp: { config: './mcp.json', servers } })).toContain('mcp: expected either `config`');
    expect(problem({ mcp: { path: '/mcp' } })).toContain('mcp: expected either `config`');
  });

  it('suggests the key meant for a misspelt one, in the section and in a key’s allow-list', () => {
    expect(problem({ mcp: { config: './mcp.json', logArgument: true } })).toMatch(
      /mcp: .*"logArgument".*did you mean "logArguments"\?/,
    );
    expect(
      problem({ mcp: { config: './mcp.json' }, keys: [{ name: 'ci', sha256: HASH, mcp: { tool: ['fs__x'] } }] }),
    ).toMatch(/keys\[0\]\.mcp: .*"tool".*did you mean "tools"\?/);
  });

  it('refuses an allow-list naming a server that is not served, suggesting the one meant', () => {
    const message = problem({
      mcp: { servers },
      keys: [{ name: 'ci', sha256: HASH, mcp: { servers: ['fss'], tools: ['github__search', 'gh__search'] } }],
    });
    expect(message).toContain(
      'keys[0].mcp.servers[0]: expected the name of a served MCP server (fs, gh), got "fss"; did you mean "fs"?',
    );
    expect(message).toContain('keys[0].mcp.tools[0]: expected the name of a served MCP server (fs, gh), got "github"');
    // A tool of a server the key's own `servers` leaves out could never be reached.
    expect(message).toContain(
      'keys[0].mcp.tools[1]: "gh__search" is a tool of "gh", which keys[0].mcp.servers does not list',
    );
  });

  it('refuses a tool that is not a served name, and an allow-list without an mcp section', () => {
    expect(
      problem({ mcp: { servers }, keys: [{ name: 'ci', sha256: HASH, mcp: { tools: ['read_text_file'] } }] }),
    ).toContain('keys[0].mcp.tools[0]: expected a served tool name, "server__tool" or "server__*"');
    expect(problem({ keys: [{ name: 'ci', sha256: HASH, mcp: { servers: ['fs'] } }] })).toContain(
      'keys[0].mcp: expected an `mcp` section',
    );
  });

  it('refuses a server named __proto__ instead of dropping it', () => {
    expect(problem(JSON.parse('{"mcp": {"servers": {"__proto__": {"command": "x"}}}}'))).toContain(
      'mcp.servers.__proto__: expected a name other than',
    );
  });
});
