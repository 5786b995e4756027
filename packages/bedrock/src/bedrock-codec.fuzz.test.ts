import { fileURLToPath } from 'node:url';
import { chatRequestSchema, InterlinguaError, modelResponseSchema, streamEventSchema } from '@interlingua/core';
import { loadCodecFixtures } from '@interlingua/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bedrockCodec } from './bedrock-codec';

// Decoders are total: valid IR or a typed Interlingua error, for any JSON and any mutation of a real body.
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));
const bodies = fixtures.flatMap((fixture) => (fixture.body === undefined ? [] : [fixture.body]));
const streams = fixtures.flatMap((fixture) => (fixture.chunks === undefined ? [] : [fixture.chunks]));
const settings = { seed: 22, numRuns: 300 };

// Replaces the value at a random path of `value` with `replacement` (objects and arrays only).
function mutate(value: unknown, path: number[], replacement: unknown): unknown {
  if (path.length === 0 || typeof value !== 'object' || value === null) return replacement;
  const [step = 0, ...rest] = path;
  if (Array.isArray(value)) {
    if (value.length === 0) return replacement;
    const index = step % value.length;
    return value.map((entry, at) => (at === index ? mutate(entry, rest, replacement) : entry));
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[step % keys.length] as string;
  return { ...value, [key]: mutate((value as Record<string, unknown>)[key], rest, replacement) };
}

const replacement = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    undefined,
    '',
    -1,
    1.5,
    Number.NaN,
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__":{"x":1}}'),
  ),
);
const mutation = <T>(base: fc.Arbitrary<T>) =>
  fc
    .tuple(base, fc.array(fc.nat(20), { maxLength: 8 }), replacement)
    .map(([value, path, next]) => mutate(value, path, next));

function expectTotal(run: () => unknown, check: (value: unknown) => boolean): void {
  let value: unknown;
  try {
    value = run();
  } catch (error) {
    expect(InterlinguaError.isInstance(error), String(error)).toBe(true);
    return;
  }
  expect(check(value)).toBe(true);
}

async function drain(chunks: unknown[]): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of bedrockCodec.decodeStream(
    (async function* () {
      yield* chunks;
    })(),
  ))
    events.push(event);
  return events;
}

describe('bedrock decoders are total', () => {
  it('decodeResponse: arbitrary JSON and mutated fixture bodies', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 4 }), mutation(fc.constantFrom(...bodies))), (body) => {
        expectTotal(
          () => bedrockCodec.decodeResponse(body),
          (response) => modelResponseSchema.safeParse(response).success,
        );
      }),
      settings,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('decodeRequest: arbitrary JSON and mutated encoded requests', () => {
    const request = bedrockCodec.encodeRequest(
      {
        system: 'S',
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'hi' }] },
          { role: 'assistant', content: [{ type: 'tool-call', id: 't1', name: 'f', args: { a: 1 } }] },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 't1',
                toolName: 'f',
                content: [{ type: 'text', text: 'ok' }],
                isError: true,
              },
            ],
          },
        ],
        tools: [{ name: 'f', description: 'd', inputSchema: { type: 'object', properties: {} } }],
        toolChoice: 'required',
      },
      { model: 'm' },
    ).value;
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 4 }), mutation(fc.constant(request))), (body) => {
        expectTotal(
          () => bedrockCodec.decodeRequest(body),
          (decoded) => chatRequestSchema.safeParse((decoded as { value: { request: unknown } }).value.request).success,
        );
      }),
      settings,
    );
  });

  it('decodeStream: never throws; every event is valid IR and the last is finish or error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }), mutation(fc.constantFrom(...streams))),
        async (chunks) => {
          const events = await drain(Array.isArray(chunks) ? chunks : [chunks]);
          for (const event of events) expect(streamEventSchema.safeParse(event).success).toBe(true);
          expect(['finish', 'error']).toContain((events.at(-1) as { type?: string } | undefined)?.type);
        },
      ),
      { ...settings, numRuns: 200 },
    );
  });

  it('tool input nested far too deep is kept as unreadable arguments, not a stack overflow', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 20_000; level++) deep = { a: deep };
    const response = bedrockCodec.decodeResponse({
      output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't', name: 'f', input: deep } }] } },
      stopReason: 'tool_use',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    });
    expect(response.message.content[0]).toMatchObject({ type: 'tool-call', args: {}, argsError: expect.any(String) });
  });
});
