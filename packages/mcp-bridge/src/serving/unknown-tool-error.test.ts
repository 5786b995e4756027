import { describe, expect, it } from 'vitest';
import { unknownToolError } from './unknown-tool-error';

describe('unknownToolError', () => {
  const served = Array.from({ length: 40 }, (_, index) => `server${index}__tool_${index}`);

  it('is -32602 and short, whatever the number of served tools', () => {
    const error = unknownToolError('nowhere', served);
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('No tool is served as `nowhere` (40 tools are; see tools/list).');
  });

  it('names the one near name: a typo, or the server’s own name where `server__tool` is served', () => {
    expect(unknownToolError('server3__tool_3x', served).message).toMatch(/Did you mean `server3__tool_3`\?$/);
    expect(unknownToolError('tool_7', served).message).toMatch(/Did you mean `server7__tool_7`\?$/);
  });

  it('names only what it is given: a caller’s allowed tools keep the others out of the message', () => {
    const allowed = ['fs__read_text_file'];
    expect(unknownToolError('server3__tool_3x', allowed).message).toBe(
      'No tool is served as `server3__tool_3x` (1 tool is; see tools/list).',
    );
    expect(unknownToolError('tool_3', allowed).message).not.toMatch(/server3/);
    expect(unknownToolError('x', []).message).toBe('No tool is served as `x` (0 tools are; see tools/list).');
  });
});
