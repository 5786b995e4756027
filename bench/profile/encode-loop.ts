import { anthropicCodec } from '@interlingua/anthropic';
import { geminiCodec } from '@interlingua/gemini';
import { openaiCodec } from '@interlingua/openai';
import { buildHistory } from '../workloads/build-history';

// A loop over one codec's `encodeRequest` alone (no SDK, no transport), to profile the encoder:
// `node --cpu-prof --import tsx bench/profile/encode-loop.ts gemini 1000`. Prints CPU ms per encode and per JSON.stringify of its body.
const ENCODERS: Record<string, () => unknown> = {};
const [codec = 'openai', sizeText = '1000', secondsText = '3'] = process.argv.slice(2);
const request = buildHistory(Number(sizeText));
ENCODERS.openai = () => openaiCodec.encodeRequest(request, { model: 'gpt-4.1' }).value;
ENCODERS.anthropic = () => anthropicCodec.encodeRequest(request, { model: 'claude-sonnet-4-6' }).value;
ENCODERS.gemini = () => geminiCodec.encodeRequest(request, { model: 'gemini-2.5-flash' }).value;
const encode = ENCODERS[codec];
if (encode === undefined) throw new Error(`Unknown codec ${codec}; one of ${Object.keys(ENCODERS).join(', ')}.`);

// CPU time per op (user + system, in ms): on a shared machine, wall time also counts the time
// this process waited for a core.
function loop(op: () => unknown, ms: number): number {
  const end = performance.now() + ms;
  const cpu = process.cpuUsage();
  let ops = 0;
  while (performance.now() < end) {
    op();
    ops++;
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / ops;
}
const body = encode();
loop(encode, 300);
loop(() => JSON.stringify(body), 300);
const half = (Number(secondsText) * 1000) / 2;
const encodeMs = loop(encode, half);
const stringifyMs = loop(() => JSON.stringify(body), half);
console.log(
  `${codec} ${sizeText}: encodeRequest ${encodeMs.toFixed(3)} ms, JSON.stringify ${stringifyMs.toFixed(3)} ms, ratio ${(encodeMs / stringifyMs).toFixed(2)}`,
);
