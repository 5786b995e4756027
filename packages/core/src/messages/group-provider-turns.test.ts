import { describe, expect, test } from 'vitest';
import type { AssistantMessage, Message } from '../ir/message';
import { type GroupProviderTurnsOptions, groupProviderTurns } from './group-provider-turns';

// Blocks are strings naming what they came from, so the tests read the grouping directly.
function options(
  rules: Pick<GroupProviderTurnsOptions<string, string>, 'toolResultsFirst' | 'keepEmptyUserTurns'>,
  seen: (AssistantMessage | undefined)[] = [],
): GroupProviderTurnsOptions<string, string> {
  return {
    convertUser: (message) =>
      message.content.flatMap((part) => (part.type === 'text' && part.text !== '' ? [part.text] : [])),
    convertTool: (message, _index, previous) => {
      seen.push(previous);
      return message.content.map((result) => `result:${result.toolCallId}`);
    },
    convertAssistant: (message) =>
      message.content.flatMap((part) =>
        part.type === 'text'
          ? part.text === ''
            ? []
            : [part.text]
          : [`call:${part.type === 'tool-call' ? part.id : ''}`],
      ),
    ...rules,
  };
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const calls = (...ids: string[]): AssistantMessage => ({
  role: 'assistant',
  content: ids.map((id) => ({ type: 'tool-call', id, name: 'f', args: {} })),
});
const results = (...ids: string[]): Message => ({
  role: 'tool',
  content: ids.map((id) => ({ type: 'tool-result', toolCallId: id, toolName: 'f', content: [], isError: false })),
});

describe('groupProviderTurns', () => {
  test('tool results and the user content after them share one user turn; assistant messages in a row share one', () => {
    const turns = groupProviderTurns(
      [user('q'), calls('a', 'b'), assistant('more'), results('a', 'b'), user('next')],
      options({ toolResultsFirst: true, keepEmptyUserTurns: false }),
    );
    expect(turns).toEqual([
      { role: 'user', content: ['q'] },
      { role: 'assistant', content: ['call:a', 'call:b', 'more'] },
      { role: 'user', content: ['result:a', 'result:b', 'next'] },
    ]);
  });

  test('with toolResultsFirst, results lead their turn in arrival order, before user content that came earlier', () => {
    const history = [calls('a', 'b'), user('first'), results('a'), user('second'), results('b')];
    expect(groupProviderTurns(history, options({ toolResultsFirst: true, keepEmptyUserTurns: false }))).toEqual([
      { role: 'assistant', content: ['call:a', 'call:b'] },
      { role: 'user', content: ['result:a', 'result:b', 'first', 'second'] },
    ]);
    // Without it, the turn keeps the history's order.
    expect(groupProviderTurns(history, options({ toolResultsFirst: false, keepEmptyUserTurns: false }))).toEqual([
      { role: 'assistant', content: ['call:a', 'call:b'] },
      { role: 'user', content: ['first', 'result:a', 'second', 'result:b'] },
    ]);
  });

  test('an empty user message opens a user turn only with keepEmptyUserTurns; an empty assistant message never does', () => {
    const history = [user(''), assistant('x'), assistant(''), user('')];
    expect(groupProviderTurns(history, options({ toolResultsFirst: true, keepEmptyUserTurns: true }))).toEqual([
      { role: 'user', content: [] },
      { role: 'assistant', content: ['x'] },
      { role: 'user', content: [] },
    ]);
    expect(groupProviderTurns(history, options({ toolResultsFirst: false, keepEmptyUserTurns: false }))).toEqual([
      { role: 'assistant', content: ['x'] },
    ]);
  });

  test('an empty assistant message between two user messages leaves them in one turn', () => {
    const turns = groupProviderTurns(
      [user('a'), assistant(''), user('b')],
      options({ toolResultsFirst: true, keepEmptyUserTurns: true }),
    );
    expect(turns).toEqual([{ role: 'user', content: ['a', 'b'] }]);
  });

  test('convertTool is handed the last assistant message before the tool message, empty or not', () => {
    const seen: (AssistantMessage | undefined)[] = [];
    const first = calls('a');
    const empty: AssistantMessage = { role: 'assistant', content: [{ type: 'text', text: '' }] };
    groupProviderTurns(
      [results('z'), first, results('a'), user('q'), results('a'), empty, results('a')],
      options({ toolResultsFirst: true, keepEmptyUserTurns: false }, seen),
    );
    expect(seen).toEqual([undefined, first, first, empty]);
  });

  test('a message of no known role is a typed error naming what was expected', () => {
    const unknown = { role: 'system', content: 'x' } as unknown as Message;
    expect(() => groupProviderTurns([unknown], options({ toolResultsFirst: true, keepEmptyUserTurns: true }))).toThrow(
      /Expected a user, assistant or tool message, got \{"role":"system"/,
    );
  });

  test("builds turns in the caller's shape, and later blocks still reach them (results first, runs merged)", () => {
    const history = [user('hi'), calls('a'), calls('b'), results('a'), user('more'), results('b'), assistant('done')];
    const turns = groupProviderTurns<string, string, { speaker: string; parts: string[] }>(history, {
      ...options({ toolResultsFirst: true, keepEmptyUserTurns: false }),
      createTurn: {
        user: (parts) => ({ speaker: 'human', parts }),
        assistant: (parts) => ({ speaker: 'model', parts }),
      },
    });
    expect(turns).toEqual([
      { speaker: 'human', parts: ['hi'] },
      { speaker: 'model', parts: ['call:a', 'call:b'] },
      { speaker: 'human', parts: ['result:a', 'result:b', 'more'] },
      { speaker: 'model', parts: ['done'] },
    ]);
  });
});
