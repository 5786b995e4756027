import { describe, expect, it } from 'vitest';
import { ServedNames } from './served-names';

describe('ServedNames', () => {
  it('namespaces URIs and templates as server+uri (the name sanitized, so the first + ends it) and back', () => {
    const names = new ServedNames(true, ['fs', 'fs+archive', 'everything']);
    for (const [server, uri, served] of [
      ['fs', 'file:///notes.txt', 'fs+file:///notes.txt'],
      ['fs+archive', 'file:///old/notes.txt', 'fs_archive+file:///old/notes.txt'],
      ['everything', 'test://template/{id}/data', 'everything+test://template/{id}/data'],
      ['fs', 'archive+file:///tricky', 'fs+archive+file:///tricky'],
    ] as const) {
      expect(names.uriOut(server, uri)).toBe(served);
      expect(names.uriIn(served)).toEqual({ server, uri });
    }
    expect(names.uriIn('file:///notes.txt')).toBeUndefined();
    expect(names.uriIn('nowhere+file:///x')).toBeUndefined();
  });

  it('names prompts server__prompt and routes them back; unprefixed, names and URIs are the server’s own', () => {
    const prefixed = new ServedNames(true, ['a', 'b']);
    expect(prefixed.promptOut('b', 'summarize.text')).toBe('b__summarize_text');
    expect(prefixed.promptIn('b__summarize_text')).toEqual({ server: 'b', name: 'summarize.text' });
    expect(prefixed.promptIn('a__never-listed')).toBeUndefined();
    const single = new ServedNames(false, ['only']);
    expect(single.uriOut('only', 'test://x')).toBe('test://x');
    expect(single.uriIn('test://x')).toEqual({ server: 'only', uri: 'test://x' });
    expect(single.promptIn('anything')).toEqual({ server: 'only', name: 'anything' });
  });
});
