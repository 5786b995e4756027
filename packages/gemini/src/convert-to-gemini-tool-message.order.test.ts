import type { AssistantMessage, ToolCall, ToolMessage } from '@interlingua/core';
import { describe, expect, it } from 'vitest';
import { convertToGeminiToolMessage } from './convert-to-gemini-tool-message';

// The results of a tool message go out in the order of the calls they answer (matched by id;
// with two calls of one id, the last counts), unmatched ones last, ties in result order. The
// encoder scans for small turns and uses a Map past 64 results × calls; both must order alike.

function call(id: string, issued: boolean): ToolCall {
  return {
    type: 'tool-call',
    id,
    name: `fn_${id}`,
    args: {},
    ...(issued ? { providerMetadata: { gemini: { functionCallId: id } } } : {}),
  };
}

function toolMessage(ids: readonly string[]): ToolMessage {
  return {
    role: 'tool',
    content: ids.map((id, position) => ({
      type: 'tool-result',
      toolCallId: id,
      toolName: `result_${position}`,
      content: [{ type: 'text', text: `${id}#${position}` }],
      isError: false,
    })),
  };
}

// What the wire order must be, written the plain way: sort result positions by their call's
// position (the last call of an id), unmatched last, stable.
function expectedOrder(callIds: readonly string[], resultIds: readonly string[]): string[] {
  const rank = (id: string) => {
    const at = callIds.lastIndexOf(id);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  return resultIds
    .map((id, position) => ({ id, position }))
    .sort((a, b) => rank(a.id) - rank(b.id) || a.position - b.position)
    .map(({ id, position }) => `${id}#${position}`);
}

function encode(callIds: readonly string[], resultIds: readonly string[]) {
  // Calls with an even position were issued by Gemini: their ids go on the wire, with their results'.
  const previous: AssistantMessage = {
    role: 'assistant',
    content: [{ type: 'text', text: 'Calling.' }, ...callIds.map((id, at) => call(id, at % 2 === 0))],
  };
  const parts = convertToGeminiToolMessage(toolMessage(resultIds), previous, {
    index: 2,
    functionResponseParts: false,
    warnings: [],
  });
  return parts.map((part) => part.functionResponse);
}

// The wire's results as `<output> <id or ->`, and what they must be: the id goes back only
// when the call answered was issued by Gemini.
function check(callIds: readonly string[], resultIds: readonly string[]): { actual: string[]; expected: string[] } {
  const actual = encode(callIds, resultIds).map(
    (response) =>
      `${String(response?.response.output)} ${response !== undefined && 'id' in response ? response.id : '-'}`,
  );
  const expected = expectedOrder(callIds, resultIds).map((output) => {
    const id = output.split('#')[0] as string;
    const at = callIds.lastIndexOf(id);
    return `${output} ${at >= 0 && at % 2 === 0 ? id : '-'}`;
  });
  return { actual, expected };
}

// Every sequence of `length` items drawn from `alphabet` (with repeats).
function* sequences(alphabet: readonly string[], length: number): Generator<string[]> {
  if (length === 0) {
    yield [];
    return;
  }
  for (const rest of sequences(alphabet, length - 1)) for (const item of alphabet) yield [...rest, item];
}

describe('convertToGeminiToolMessage: results in call order', () => {
  it('orders every small turn like a stable sort by call position (repeated ids, unmatched results)', () => {
    const actual: string[][] = [];
    const expected: string[][] = [];
    for (let calls = 0; calls <= 3; calls++) {
      for (const callIds of sequences(['a', 'b', 'c'], calls)) {
        for (let results = 1; results <= 3; results++) {
          for (const resultIds of sequences(['a', 'b', 'c', 'x'], results)) {
            const found = check(callIds, resultIds);
            actual.push(found.actual);
            expected.push(found.expected);
          }
        }
      }
    }
    expect(actual).toHaveLength(40 * 84);
    expect(actual).toEqual(expected);
  });

  it('orders a wide parallel turn (the Map path) the same way', () => {
    const callIds = Array.from({ length: 40 }, (_unused, at) => `c${at}`);
    callIds.push('c7', 'c3'); // repeated ids: the last call of each counts
    // Reversed, with unmatched results between.
    const resultIds = [...callIds].reverse().flatMap((id, at) => (at % 5 === 0 ? [id, `orphan${at}`] : [id]));
    const wide = check(callIds, resultIds);
    expect(wide.actual).toEqual(wide.expected);
    expect(wide.actual.slice(0, 3)).toEqual(['c0#50 c0', 'c1#48 -', 'c2#47 c2']);
    // Already in call order: sent as they are.
    const inOrder = check(callIds.slice(0, 40), callIds.slice(0, 40));
    expect(inOrder.actual).toEqual(inOrder.expected);
  });
});
