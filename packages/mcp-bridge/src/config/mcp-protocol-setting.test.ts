import { InvalidSettingError } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { parseMcpConfig } from './parse-mcp-config';

function failure(run: () => unknown): InvalidSettingError {
  try {
    run();
  } catch (error) {
    if (InvalidSettingError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an InvalidSettingError');
}

describe('the `protocol` setting of a server', () => {
  it('is read on stdio and HTTP servers, and absent when the config has none', () => {
    const { servers } = parseMcpConfig({
      mcpServers: {
        local: { command: 'node', args: ['server.js'], protocol: 'legacy' },
        remote: { url: 'https://example.com/mcp', protocol: '2026-07-28' },
        probed: { url: 'https://example.com/mcp', protocol: 'auto' },
        plain: { url: 'https://example.com/mcp' },
      },
    });
    expect(Object.fromEntries(Object.entries(servers).map(([name, config]) => [name, config.protocol]))).toEqual({
      local: 'legacy',
      remote: '2026-07-28',
      probed: 'auto',
      plain: undefined,
    });
  });

  it('names the server, the field, the three values and the nearest one', () => {
    const typo = failure(() =>
      parseMcpConfig({ mcpServers: { remote: { url: 'https://example.com/mcp', protocol: 'legcy' } } }),
    );
    expect(typo.message).toBe(
      'mcp server `remote`: `protocol`: expected "auto", "legacy" or "2026-07-28", got "legcy"; did you mean "legacy"?',
    );
    expect(typo.path).toEqual(['mcpServers', 'remote', 'protocol']);
    const wrongType = failure(() => parseMcpConfig({ mcpServers: { local: { command: 'x', protocol: 2026 } } }));
    expect(wrongType.message).toBe(
      'mcp server `local`: `protocol`: expected "auto", "legacy" or "2026-07-28", got 2026',
    );
  });
});
