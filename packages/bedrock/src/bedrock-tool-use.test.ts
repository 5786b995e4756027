import { describe, expect, it } from 'vitest';
import { convertToBedrockToolUseId } from './bedrock-tool-use';

// The API's pattern for toolUseId, as the documentation states it.
const API_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

describe('convertToBedrockToolUseId', () => {
  it('keeps exactly the ids the API accepts, and rewrites every other one to an id it accepts', () => {
    const ids = [
      'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
      'call_0',
      'a',
      'A-Z_az-09',
      'x'.repeat(64),
      'x'.repeat(65),
      '',
      'toolu_01/with/slashes',
      'id:1',
      'id@2',
      'id[3]',
      'back`tick',
      'brace{4}',
      'with space',
      'tab\there',
      'ünï',
      '北京',
      '😀',
      '-',
      '_',
    ];
    // Every character just outside each allowed range, between two allowed ones.
    for (const code of [47, 58, 64, 91, 96, 123, 44, 46, 94]) ids.push(`a${String.fromCharCode(code)}b`);
    for (const id of ids) {
      const sent = convertToBedrockToolUseId(id);
      expect(sent === id, id).toBe(API_PATTERN.test(id));
      expect(API_PATTERN.test(sent), id).toBe(true);
    }
    // Two ids that differ only in a rewritten character stay apart.
    expect(convertToBedrockToolUseId('a/b')).not.toBe(convertToBedrockToolUseId('a:b'));
  });
});
