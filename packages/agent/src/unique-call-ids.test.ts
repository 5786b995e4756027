import type { AssistantMessage, Message } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { withUniqueCallIds } from './unique-call-ids';

const call = (id: string, name = 'f') => ({ type: 'tool-call' as const, id, name, args: {} });
const turn = (...ids: string[]): AssistantMessage => ({ role: 'assistant', content: ids.map((id) => call(id)) });

describe('withUniqueCallIds', () => {
  it('leaves fresh ids alone, returning the same message', () => {
    const message = turn('a', 'b');
    expect(withUniqueCallIds(message, [turn('c')])).toEqual({ message, warnings: [] });
    expect(withUniqueCallIds(message, []).message).toBe(message);
  });

  it('renames ids reused from earlier turns and within the turn, with a warning each', () => {
    const history: Message[] = [turn('call_0'), turn('call_0_2')];
    const { message, warnings } = withUniqueCallIds(turn('call_0', 'call_1', 'call_1'), history);
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
});
