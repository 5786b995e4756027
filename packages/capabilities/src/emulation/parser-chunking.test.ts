import { collectStream, modelResponseSchema, type StreamEvent } from '@interlingua/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EmulationFormat } from './emulation-format';
import { reactFormat } from './react-format';
import { tagFormat } from './tag-format';

const replies: [EmulationFormat, string][] = [
  [
    reactFormat,
    'Thought: 先查天气。\nAction: get_weather\nAction Input: {"city": "Paris \\"{x}\\""}\nAction: get_time\nAction Input: ```json\n{"timezone": "UTC"}\n```',
  ],
  [reactFormat, '<think>hmm</think>\nThought: I know.\nFinal Answer: **Paris** is <b>nice</b>.\nSecond line.'],
  [reactFormat, 'Action: get_weather\nAction Input: {"city": "Paris"\nObservation: made up'],
  [
    tagFormat,
    'Sure <b>now</b>.<think>plan</think><tool_call>\n{"name": "get_weather", "arguments": {"city": "<Paris>"}}\n</tool_call>\n<tool_call>{"name": "get_time", "arguments": {}}',
  ],
  [tagFormat, 'No tools needed: 2 < 3 and 5 > 4.'],
  [
    tagFormat,
    'Calling:\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\n{"name": "get_time", "arguments": {}}',
  ],
  [tagFormat, 'Code:\n```js\nconst a = { b: 1 };\n```\n{not json'],
];

function parse(format: EmulationFormat, chunks: string[]): Promise<unknown> {
  let id = 0;
  const parser = format.createParser({ generateId: () => `c${++id}`, toolNames: ['get_weather', 'get_time'] });
  const events: StreamEvent[] = chunks.flatMap((chunk) => parser.push(chunk));
  events.push(...parser.end(), {
    type: 'finish',
    finishReason: 'stop',
    rawFinishReason: 'stop',
    usage: { inputTokens: 0, outputTokens: 0 },
  });
  return collectStream(events).then((response) => {
    // What the parsers produce is valid IR.
    expect(modelResponseSchema.safeParse(response).success).toBe(true);
    return { content: response.message.content, warnings: parser.warnings };
  });
}

describe('emulation parsers', () => {
  it.each(replies.map(([format, text], index) => [index, format, text] as const))(
    'reply %i parses the same however the stream splits it',
    async (_, format, text) => {
      const whole = await parse(format, [text]);
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 12 }),
          async (cuts) => {
            const points = [0, ...cuts.sort((a, b) => a - b), text.length];
            const chunks = points.slice(1).map((end, index) => text.slice(points[index], end));
            expect(await parse(format, chunks)).toEqual(whole);
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
