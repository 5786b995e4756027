import { geminiCodec } from '@interlingua/gemini';
import { buildRequest } from './benchcopy';
const request = buildRequest();
const prebuilt = geminiCodec.encodeRequest(request, { model: 'm' }).value;
const answer = { candidates: [{ content: { role: 'model', parts: [{ text: 'Sunny' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1 }, responseId: 'r' };
const fns: Record<string, () => unknown> = {
  stringifyPrebuilt: () => JSON.stringify(prebuilt),
  encode: () => geminiCodec.encodeRequest(request, { model: 'm' }),
  decode: () => geminiCodec.decodeResponse(answer),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
for (let i = 0; i < 3000; i++) for (const [name, fn] of Object.entries(fns)) { const t = performance.now(); fn(); if (i > 300) times[name]!.push(performance.now() - t); }
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, xs] of Object.entries(times)) console.log(name, median(xs).toFixed(4));
