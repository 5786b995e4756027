// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${env:NAME}` is mcp.json syntax, not a template.
import { describe, expect, it } from 'vitest';
import { parseMcpServeConfig } from './parse-mcp-serve-config';

const hash = 'AB'.repeat(32);
const servers = ['fs', 'memory'];

describe('parseMcpServeConfig', () => {
  it('reads keys, the master key from the environment and logArguments', () => {
    const parsed = parseMcpServeConfig(
      {
        mcpServers: {},
        serve: {
          masterKey: '${env:MASTER}',
          keys: [{ name: 'reader', sha256: hash, servers: ['fs'], tools: ['fs__read_*'], requestsPerMinute: 30 }],
          logArguments: true,
        },
      },
      { env: { MASTER: 'm'.repeat(20) }, servers },
    );
    expect(parsed).toEqual({
      masterKey: 'm'.repeat(20),
      keys: [
        { name: 'reader', sha256: hash.toLowerCase(), servers: ['fs'], tools: ['fs__read_*'], requestsPerMinute: 30 },
      ],
      logArguments: true,
    });
    expect(parseMcpServeConfig({ mcpServers: {} })).toBeUndefined();
  });

  it('names the field meant by a misspelt one, and the server meant by a misspelt name', () => {
    expect(() => parseMcpServeConfig({ serve: { masterkey: 'x' } })).toThrow(
      /`serve.masterkey`.*did you mean `masterKey`/,
    );
    expect(() => parseMcpServeConfig({ serve: { keys: [{ name: 'a', sha256: hash, tool: [] }] } })).toThrow(
      /`serve.keys\[0\].tool`.*did you mean `tools`/,
    );
    expect(() =>
      parseMcpServeConfig({ serve: { keys: [{ name: 'a', sha256: hash, servers: ['memroy'] }] } }, { servers }),
    ).toThrow(/no server is named `memroy`; did you mean `memory`/);
  });

  it('refuses a key in place of its hash without echoing it, a short master key, twins and the name master', () => {
    let message = '';
    try {
      parseMcpServeConfig({ serve: { keys: [{ name: 'a', sha256: 'sk-the-actual-secret' }] } });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/serve.keys\[0\].sha256.*64-character hex SHA-256/);
    expect(message).not.toContain('sk-the-actual-secret');
    expect(() => parseMcpServeConfig({ serve: { masterKey: 'short' } })).toThrow(/at least 16 characters, got 5/);
    expect(() =>
      parseMcpServeConfig({
        serve: {
          keys: [
            { name: 'a', sha256: hash },
            { name: 'b', sha256: hash.toLowerCase() },
          ],
        },
      }),
    ).toThrow(/listed twice/);
    expect(() => parseMcpServeConfig({ serve: { keys: [{ name: 'master', sha256: hash }] } })).toThrow(
      /master key's name/,
    );
    expect(() => parseMcpServeConfig({ serve: { keys: [{ name: 'a', sha256: hash, requestsPerMinute: 0 }] } })).toThrow(
      /positive integer/,
    );
  });
});
