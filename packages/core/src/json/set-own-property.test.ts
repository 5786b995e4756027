import { describe, expect, it } from 'vitest';
import { setOwnProperty } from './set-own-property';

describe('setOwnProperty', () => {
  it('keeps __proto__ as an own key and leaves the prototype alone', () => {
    const target: Record<string, unknown> = {};
    setOwnProperty(target, '__proto__', { injected: true });
    setOwnProperty(target, 'constructor', 'data');
    setOwnProperty(target, 'plain', 1);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual(['__proto__', 'constructor', 'plain']);
    expect(JSON.stringify(target)).toBe('{"__proto__":{"injected":true},"constructor":"data","plain":1}');
    expect((target as { injected?: unknown }).injected).toBeUndefined();
    expect(({} as { injected?: unknown }).injected).toBeUndefined();
  });
});
