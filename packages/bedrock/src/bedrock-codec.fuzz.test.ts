import { fileURLToPath } from 'node:url';
import { fuzzCodec, loadCodecFixtures } from '@interlingua/testkit';
import { expect, it } from 'vitest';
import { bedrockCodec } from './bedrock-codec';

// Seeded and bounded: `pnpm test` runs a few hundred cases per decoder; FUZZ_RUNS (and FUZZ_SEED) raise them, e.g.
// FUZZ_RUNS=100000 pnpm vitest run packages/bedrock/src/bedrock-codec.fuzz.test.ts
const numRuns = Number(process.env.FUZZ_RUNS ?? 300);
const seed = Number(process.env.FUZZ_SEED ?? 22);
const fixtures = loadCodecFixtures(fileURLToPath(new URL('./__fixtures__', import.meta.url)));

it('decodes mutated fixtures to valid IR or typed errors, and nothing else', async () => {
  const report = await fuzzCodec(bedrockCodec, {
    fixtures,
    numRuns,
    seed,
    model: 'anthropic.claude-sonnet-4-20250514-v1:0',
  });
  if (process.env.FUZZ_RUNS !== undefined) console.info(JSON.stringify(report));
  for (const decoder of ['decodeResponse', 'decodeStream', 'decodeRequest'] as const) {
    const entry = report.decoders[decoder];
    expect(entry?.cases, decoder).toBe(numRuns);
    expect(entry?.decoded, decoder).toBeGreaterThan(0);
    expect(Object.keys(entry?.rejected ?? {}).length, decoder).toBeGreaterThan(0);
  }
}, 120_000);

it('reads Bedrock’s error body as the APICallError it is, in a body and in a stream', async () => {
  const body = {
    message: 'Too many requests, please wait before trying again.',
    __type: 'com.amazon.bedrock#ThrottlingException',
  };
  expect(() => bedrockCodec.decodeResponse(body)).toThrow(
    expect.objectContaining({ providerErrorType: 'ThrottlingException', isRetryable: true }),
  );
  const events = [];
  for await (const event of bedrockCodec.decodeStream(
    (async function* () {
      yield { messageStart: { role: 'assistant' } };
      yield { message: 'Malformed input request.' };
    })(),
  ))
    events.push(event);
  expect(events).toMatchObject([{ type: 'error', error: { message: 'Malformed input request.', isRetryable: false } }]);
});

it('drops a usage count that is not a token count, with a warning, and keeps the answer', () => {
  const response = bedrockCodec.decodeResponse({
    output: { message: { role: 'assistant', content: [{ text: 'hi' }] } },
    stopReason: 'end_turn',
    usage: { inputTokens: 1.5, outputTokens: 2, totalTokens: 3, cacheReadInputTokens: -1 },
  });
  expect(response.usage).toEqual({ inputTokens: 0, outputTokens: 2 });
  expect(response.warnings.map((warning) => warning.feature)).toEqual([
    'usage.inputTokens',
    'usage.cacheReadInputTokens',
  ]);
});

it('keeps own __proto__ keys of tool input as data', () => {
  const response = bedrockCodec.decodeResponse(
    JSON.parse(
      '{"output":{"message":{"role":"assistant","content":[{"toolUse":{"toolUseId":"t","name":"f","input":{"__proto__":{"x":1}}}}]}},"stopReason":"tool_use","usage":{"inputTokens":1,"outputTokens":1,"totalTokens":2}}',
    ),
  );
  const call = response.message.content[0];
  expect(call?.type === 'tool-call' && Object.hasOwn(call.args, '__proto__')).toBe(true);
  expect(({} as { x?: unknown }).x).toBeUndefined();
});

it('tool input nested past MAX_JSON_DEPTH is refused with its path, not a stack overflow', () => {
  let deep: unknown = 1;
  for (let level = 0; level < 20_000; level++) deep = { a: deep };
  expect(() =>
    bedrockCodec.decodeResponse({
      output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't', name: 'f', input: deep } }] } },
      stopReason: 'tool_use',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    }),
  ).toThrow(/output\.message\.content\[0\]\.toolUse\.input/);
});
