import { describe, expect, it } from 'vitest';
import { createLruCache } from './create-lru-cache';

describe('createLruCache', () => {
  it('holds at most its bound, dropping the least recently used', () => {
    const cache = createLruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the newest
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('stays at its bound over many distinct keys', () => {
    const cache = createLruCache<string>(64);
    for (let index = 0; index < 10_000; index++) cache.set(`openai:gpt-${index}`, String(index));
    expect(cache.size).toBe(64);
    expect(cache.get('openai:gpt-9999')).toBe('9999');
    expect(cache.get('openai:gpt-0')).toBeUndefined();
  });
});
