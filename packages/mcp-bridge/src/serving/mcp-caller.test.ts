import { describe, expect, it } from 'vitest';
import { KeyRateLimiter } from './key-rate-limiter';
import { callerMayUseServer, callerMayUseTool } from './mcp-caller';
import { createMcpKeyAuthenticator, hashMcpKey } from './mcp-serve-keys';

describe('callerMayUseTool and callerMayUseServer', () => {
  it('matches served names with * wildcards, and * only', () => {
    const caller = { name: 'k', tools: ['fs__read_*', 'memory__search_nodes', 'a.b'] };
    expect(callerMayUseTool(caller, 'fs__read_text_file', 'fs')).toBe(true);
    expect(callerMayUseTool(caller, 'fs__write_file', 'fs')).toBe(false);
    expect(callerMayUseTool(caller, 'memory__search_nodes', 'memory')).toBe(true);
    expect(callerMayUseTool(caller, 'memory__search_nodesX', 'memory')).toBe(false);
    // `.` is itself, not any character.
    expect(callerMayUseTool(caller, 'aXb', undefined)).toBe(false);
  });

  it('limits to servers: a tool of another server, or of the host, is not the caller’s', () => {
    const caller = { name: 'k', servers: ['memory'] };
    expect(callerMayUseTool(caller, 'memory__read_graph', 'memory')).toBe(true);
    expect(callerMayUseTool(caller, 'fs__read_text_file', 'fs')).toBe(false);
    expect(callerMayUseTool(caller, 'agent', undefined)).toBe(false);
    expect(callerMayUseTool({ name: undefined }, 'agent', undefined)).toBe(true);
  });

  it('shows a server’s resources and prompts when the caller may use the server', () => {
    expect(callerMayUseServer({ name: 'k', tools: ['fs__read_text_file'] }, 'fs', true)).toBe(true);
    expect(callerMayUseServer({ name: 'k', tools: ['fs__read_text_file'] }, 'memory', true)).toBe(false);
    expect(callerMayUseServer({ name: 'k', tools: ['*__search'] }, 'memory', true)).toBe(true);
    expect(callerMayUseServer({ name: 'k', servers: ['fs'] }, 'memory', true)).toBe(false);
    expect(callerMayUseServer({ name: 'k', tools: [] }, 'fs', false)).toBe(false);
  });
});

describe('KeyRateLimiter', () => {
  it('lets a key burst its minute, then one request per 60/limit seconds, each key on its own', () => {
    let now = 0;
    const limiter = new KeyRateLimiter(() => now);
    expect([limiter.take('a', 2), limiter.take('a', 2)]).toEqual([undefined, undefined]);
    expect(limiter.take('a', 2)).toBe(30);
    expect(limiter.take('b', 2)).toBeUndefined();
    now = 29_000;
    expect(limiter.take('a', 2)).toBe(1);
    now = 30_000;
    expect(limiter.take('a', 2)).toBeUndefined();
  });
});

describe('createMcpKeyAuthenticator', () => {
  it('finds a key by its hash, the master key by constant-time compare, nothing else', () => {
    const authenticate = createMcpKeyAuthenticator({
      masterKey: 'the-master-key-123456',
      keys: [{ name: 'reader', sha256: hashMcpKey('reader-key').toUpperCase(), tools: ['fs__*'] }],
    });
    expect(authenticate('Bearer reader-key')).toEqual({ name: 'reader', tools: ['fs__*'] });
    expect(authenticate('bearer the-master-key-123456')).toEqual({ name: 'master' });
    expect(authenticate('Bearer reader-keyx')).toBeUndefined();
    expect(authenticate('reader-key')).toBeUndefined();
    expect(authenticate(null)).toBeUndefined();
  });
});
