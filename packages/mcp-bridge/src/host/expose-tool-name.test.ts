import { describe, expect, it } from 'vitest';
import { exposeToolName, MAX_TOOL_NAME_LENGTH } from './expose-tool-name';
import { listAllPages } from './list-all-pages';

describe('exposeToolName', () => {
  it('joins server and tool with __ and sanitizes both to [A-Za-z0-9_-]', () => {
    expect(exposeToolName('everything', 'get-sum')).toBe('everything__get-sum');
    expect(exposeToolName('my server.v2', 'files/read:all')).toBe('my_server_v2__files_read_all');
    expect(exposeToolName('天气', 'get')).toBe('____get');
  });

  it('truncates long names to 64 characters with a stable hash that keeps them apart', () => {
    const a = exposeToolName('server', `${'t'.repeat(70)}a`);
    const b = exposeToolName('server', `${'t'.repeat(70)}b`);
    expect(a).toHaveLength(MAX_TOOL_NAME_LENGTH);
    expect(b).toHaveLength(MAX_TOOL_NAME_LENGTH);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^server__t+_[0-9a-z]{7}$/);
    expect(exposeToolName('server', `${'t'.repeat(70)}a`)).toBe(a);
    // Exactly 64 is kept as is.
    const exact = `${'s'.repeat(30)}__${'t'.repeat(32)}`;
    expect(exposeToolName('s'.repeat(30), 't'.repeat(32))).toBe(exact);
  });
});

describe('listAllPages', () => {
  it('stops at the page limit with a clear error', async () => {
    let page = 0;
    const fetchPage = async () => ({ items: [page], nextCursor: String(++page) });
    await expect(listAllPages('tools/list', fetchPage, 3)).rejects.toThrow(
      'tools/list: expected at most 3 pages, got a cursor for page 4.',
    );
  });
});
