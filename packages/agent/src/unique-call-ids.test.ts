import type { AssistantMessage, Message } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { callIdsOf, withUniqueCallIds } from './unique-call-ids';

const call = (id: string, name = 'f') => ({ type: 'tool-call' as const, id, name, args: {} });
const turn = (...ids: string[]): AssistantMessage => ({ role: 'assistant', content: ids.map((id) => call(id)) });

describe('withUniqueCallIds', () => {
  it('leaves fresh ids alone, returning the same message', () => {
    const message = turn('a', 'b');
    expect(withUniqueCallIds(message, callIdsOf([turn('c')]))).toEqual({ message, warnings: [] });
    expect(withUniqueCallIds(message, new Set()).message).toBe(message);
  });

  it('renames ids reused from earlier turns and within the turn, with a warning each', () => {
    const history: Message[] = [turn('call_0'), turn('call_0_2')];
    const { message, warnings } = withUniqueCallIds(turn('call_0', 'call_1', 'call_1'), callIdsOf(history));
    expect(message.content.map((part) => (part.type === 'tool-call' ? part.id : ''))).toEqual([
      'call_0_3',
      'call_1',
      'call_1_2',
    ]);
    expect(warnings).toEqual([
      expect.objectContaining({
        type: 'degraded',
        feature: 'tool-call.id',
        message: expect.stringContaining('"call_0_3"'),
      }),
      expect.objectContaining({ message: expect.stringContaining('"call_1_2"') }),
    ]);
  });

  it('adds the turn’s ids, as returned, to the set, so the next turn is checked against them', () => {
    const seen = callIdsOf([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }, turn('a')]);
    expect([...seen]).toEqual(['a']);
    const first = withUniqueCallIds(turn('a', 'b'), seen);
    expect(first.message.content.map((part) => (part.type === 'tool-call' ? part.id : ''))).toEqual(['a_2', 'b']);
    expect([...seen]).toEqual(['a', 'a_2', 'b']);
    const second = withUniqueCallIds(turn('a_2', 'c'), seen);
    expect(second.message.content.map((part) => (part.type === 'tool-call' ? part.id : ''))).toEqual(['a_2_2', 'c']);
    expect(second.warnings).toHaveLength(1);
  });
});
