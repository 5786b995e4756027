import { collectStream, defineTool, parseToolArguments, type StreamEvent } from '@interlingua/core';
import { withIdleTimeout } from '@interlingua/core/adapter';
import { z } from 'zod';
import { type Comparison, compare, report } from '../harness';

/** A 20,000-event stream: 100 tool calls, each streamed as 1 start + 198 argument fragments + 1 end. */
function buildStream(): { events: StreamEvent[]; argumentTexts: string[] } {
  const events: StreamEvent[] = [];
  const argumentTexts: string[] = [];
  for (let call = 0; call < 100; call++) {
    const id = `call_${call}`;
    const text = JSON.stringify({ city: `北京-${call}`, notes: 'say "hi" '.repeat(40), days: call % 7 });
    argumentTexts.push(text);
    events.push({ type: 'tool-call-start', id, name: 'get_weather' });
    const step = Math.ceil(text.length / 198);
    let fragments = 0;
    for (let offset = 0; fragments < 198; offset += step, fragments++) {
      events.push({ type: 'tool-call-delta', id, argsTextDelta: text.slice(offset, offset + step) });
    }
    events.push({
      type: 'tool-call-end',
      toolCall: { type: 'tool-call', id, name: 'get_weather', args: JSON.parse(text) },
    });
  }
  events.push({
    type: 'finish',
    finishReason: 'tool_calls',
    rawFinishReason: 'tool_calls',
    usage: { inputTokens: 1, outputTokens: 1 },
  });
  return { events, argumentTexts };
}

// The chunks of a transport, as an SDK's async iterator yields them.
async function* source(events: readonly StreamEvent[]): AsyncGenerator<StreamEvent> {
  yield* events;
}

async function drain(chunks: AsyncIterable<StreamEvent>): Promise<void> {
  for await (const _chunk of chunks) {
    // only the iteration is measured
  }
}

// The layer withIdleTimeout replaced in the adapters: a generator that maps the SDK's errors.
async function* mapErrors(chunks: AsyncIterable<StreamEvent>): AsyncGenerator<StreamEvent> {
  try {
    yield* chunks;
  } catch (error) {
    throw new Error('mapped', { cause: error });
  }
}

// The scheme withIdleTimeout avoids: a timer armed and cleared around every chunk.
async function* timerPerChunk(chunks: AsyncIterable<StreamEvent>, timeoutMs: number): AsyncGenerator<StreamEvent> {
  const iterator = chunks[Symbol.asyncIterator]();
  for (;;) {
    const timer = setTimeout(() => {}, timeoutMs);
    const result = await iterator.next();
    clearTimeout(timer);
    if (result.done === true) return;
    yield result.value;
  }
}

export async function run(): Promise<void> {
  const { events, argumentTexts } = buildStream();
  const idle = () =>
    withIdleTimeout(source(events), { timeoutMs: 600_000, abort: () => {}, provider: 'bench', mapError: (e) => e });
  const schema = z.object({
    city: z.string().describe('City'),
    unit: z.enum(['c', 'f']).optional(),
    days: z.number().int(),
  });
  const schemaText = JSON.stringify(
    defineTool({ name: 't', description: 'd', input: schema, execute: () => 1 }).inputSchema,
  );
  const parseAll = () => {
    for (const text of argumentTexts) JSON.parse(text);
  };

  const comparisons: Comparison[] = [
    {
      name: `collectStream, ${events.length.toLocaleString('en')} events vs JSON.parse of the same arguments`,
      baseline: parseAll,
      subject: () => collectStream(events),
    },
    {
      name: 'parseToolArguments × 100 vs JSON.parse × 100',
      baseline: parseAll,
      subject: () => {
        for (const text of argumentTexts) parseToolArguments(text);
      },
    },
    {
      name: 'defineTool (zod 4 → JSON Schema) vs JSON.parse of that schema',
      baseline: () => JSON.parse(schemaText),
      subject: () => defineTool({ name: 't', description: 'd', input: schema, execute: () => 1 }),
    },
    {
      name: `withIdleTimeout, ${events.length.toLocaleString('en')} chunks vs the error-mapping generator it replaced`,
      baseline: () => drain(mapErrors(source(events))),
      subject: () => drain(idle()),
    },
    {
      name: `a timer per chunk (the scheme not taken) vs the error-mapping generator`,
      baseline: () => drain(mapErrors(source(events))),
      subject: () => drain(timerPerChunk(source(events), 600_000)),
    },
  ];
  report('core', await compare(comparisons));
}
