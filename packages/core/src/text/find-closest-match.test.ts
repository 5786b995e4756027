import { describe, expect, it } from 'vitest';
import { findClosestMatch } from './find-closest-match';

describe('findClosestMatch', () => {
  it('suggests the nearest name within a third of the word', () => {
    expect(findClosestMatch('comand', ['command', 'args', 'env'])).toBe('command');
    expect(findClosestMatch('modle', ['model', 'mcp', 'system'])).toBe('model');
    expect(findClosestMatch('baseUrl', ['baseURL', 'apiKey'])).toBe('baseURL');
    expect(findClosestMatch('envfile', ['env', 'envFile'])).toBe('envFile');
  });

  it('says nothing for a word far from every candidate', () => {
    expect(findClosestMatch('temperature', ['command', 'args'])).toBeUndefined();
    expect(findClosestMatch('x', [])).toBeUndefined();
  });
});
