import { anthropicCodec } from '@interlingua/anthropic';
import type { ChatRequest } from '@interlingua/core';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { measurePaired, type PairedCell } from '../method/measure-paired';
import { REQUEST_SIZES } from '../method/run-provider-suite';
import { buildHistory } from '../workloads/build-history';
import { minimalAnthropicBody, minimalGeminiBody, minimalOpenAIBody } from '../workloads/minimal-encoders';

// The floor of the request-build cells: a codec's `encodeRequest` alone, against `JSON.stringify`
// of the body it returns (what the SDK side of a request-build pair mostly pays) and against a
// plain hand-written converter of the same workload (`bench/workloads/minimal-encoders.ts`).
// A request-build pair can only be ≤ 1.05× its SDK if the encode costs ≤ 5% of the SDK's call.

type Codec = {
  name: string;
  encode: (request: ChatRequest) => unknown;
  /** The minimal converter; `body` is the codec's, for what the codec keeps between calls. */
  minimal: (request: ChatRequest, body: unknown) => unknown;
};

const CODECS: Codec[] = [
  {
    name: 'openai Chat',
    encode: (request) => openaiCodec.encodeRequest(request, { model: 'gpt-4.1' }).value,
    minimal: (request) => minimalOpenAIBody(request, 'gpt-4.1'),
  },
  {
    name: 'anthropic',
    encode: (request) => anthropicCodec.encodeRequest(request, { model: 'claude-sonnet-4-6' }).value,
    minimal: (request) => minimalAnthropicBody(request, 'claude-sonnet-4-6'),
  },
  {
    name: 'gemini',
    encode: (request) => geminiCodec.encodeRequest(request, { model: 'gemini-2.5-flash' }).value,
    // The declarations come lowered, as the codec keeps each schema's lowering between calls.
    minimal: (request, body) => minimalGeminiBody(request, (body as { tools: never }).tools),
  },
];

function cellsOf(codec: Codec): PairedCell[] {
  return REQUEST_SIZES.map((size) => {
    const request = buildHistory(size);
    const body = codec.encode(request);
    return {
      name: `${codec.name}, ${size.toLocaleString('en')} messages + 20 tools`,
      sdk: () => JSON.stringify(body),
      subject: () => codec.encode(request),
      lowerBound: () => codec.minimal(request, body),
      sdkGoal: Number.POSITIVE_INFINITY,
    };
  });
}

export async function run(): Promise<void> {
  // The sides are synchronous: CPU time, so that waiting for a core on a shared machine does not count.
  const results = await measurePaired(CODECS.flatMap(cellsOf), { clock: 'cpu' });
  console.log('\n## encode (encodeRequest alone; the floor of the request-build cells)\n');
  console.log(
    '| workload | encodeRequest ÷ JSON.stringify of its body | minimal converter ÷ JSON.stringify | encodeRequest ÷ minimal converter | stringify ms | encodeRequest ms | minimal ms |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const result of results) {
    const minimalMs = result.lowerBoundMs ?? Number.NaN;
    console.log(
      `| ${result.name} | ${result.sdkRatio.toFixed(2)}× | ${(minimalMs / result.sdkMs).toFixed(2)}× | ${(result.lowerBoundRatio ?? Number.NaN).toFixed(2)}× | ${result.sdkMs.toFixed(3)} | ${result.subjectMs.toFixed(3)} | ${minimalMs.toFixed(3)} |`,
    );
  }
}
