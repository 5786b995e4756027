// The CPU of a streaming gateway profile by relay layer, in µs per stream (issue 33):
//   node bench/profile/stream-layers.mjs <file.cpuprofile> <t0> <t1> <streams> [--top]
// with the window and stream count `gateway-load.mjs stream` printed. Each sample goes to the
// innermost frame of its stack that names a layer between the transport's socket bytes and the
// gateway's socket write; a generator's own frame holds the cost of its resumptions (the async
// hops), so a pass-through layer shows what it costs per stream.
import { readFileSync } from 'node:fs';

const [file, t0s, t1s, count, flag] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Layers, bytes first: [name, function-name pattern, optional url pattern the frame must match].
const LAYERS = [
  ['SSE parsing (readSSEJSON, JSON.parse)', /^readSSEJSON$|^readSSEEvents$|^readSSEBatches$/, null],
  [
    'provider decoder (IR events)',
    /^decode(OpenAI|Anthropic|OpenAIResponses)Stream$|safeParse\w*Chunk|^decodeChunk$/,
    null,
  ],
  ['yieldModelEvents (warnings, abort)', /^yieldModelEvents$/, null],
  ['model.stream (adapter generator)', /^stream$/, /\/(openai|anthropic)\/dist\//],
  ['capabilities (answerStream, stream)', /^answerStream$|^stream$/, /\/capabilities\/dist\//],
  ['stream-reply events (usage tally)', /^events$|^tally$/, /\/gateway\/dist\//],
  ['caller encoder (encode*Stream)', /^encode(OpenAI|Anthropic|OpenAIResponses|Gemini)Stream$|^chunk$/, null],
  ['stream-reply (frame, yield)', /^streamReply$|^frame$|^relayStream$/, null],
  ['listener write (coalesce, writev)', /^write$|^send$|^flush$/, /\/gateway\/dist\//],
  ['upstream: undici, request, headers', /./, /undici/],
];
function layerOf(id) {
  let cur = id;
  const frames = [];
  while (cur !== undefined) {
    const n = byId.get(cur);
    frames.push(n.callFrame);
    cur = parent.get(cur);
  }
  for (const f of frames) {
    for (const [layer, byName, byUrl] of LAYERS) {
      if (byName.test(f.functionName) && (byUrl === null || byUrl.test(f.url))) return layer;
    }
  }
  const leaf = frames[0].functionName;
  if (leaf === '(garbage collector)') return 'GC';
  if (leaf === '(idle)') return 'idle';
  if (leaf === '(program)') return 'program (V8, microtask queue)';
  if (frames.some((f) => /node:(net|_http_|internal\/stream_base|events|internal\/streams)/.test(f.url)))
    return 'sockets, HTTP (both sides)';
  return 'other (request handling before the stream, timers)';
}
const t0 = Number(t0s);
const t1 = Number(t1s);
let t = p.startTime;
const totals = new Map();
const selfTop = new Map();
const cache = new Map();
for (let i = 0; i < p.samples.length; i++) {
  const dt = p.timeDeltas[i] ?? 0;
  t += dt;
  if (t < t0 || t > t1) continue;
  const id = p.samples[i];
  let layer = cache.get(id);
  if (layer === undefined) {
    layer = layerOf(id);
    cache.set(id, layer);
  }
  const w = p.timeDeltas[i + 1] ?? dt;
  totals.set(layer, (totals.get(layer) ?? 0) + w);
  const f = byId.get(id).callFrame;
  const k = `${layer} | ${f.functionName || '(anon)'} ${f.url.replace(/.*\/(node_modules\/.pnpm\/)?/, '')}:${f.lineNumber}`;
  selfTop.set(k, (selfTop.get(k) ?? 0) + w);
}
const n = Number(count);
let busy = 0;
for (const [layer, v] of totals) if (layer !== 'idle') busy += v;
console.log(`busy µs/stream (sampled): ${(busy / n).toFixed(0)}`);
for (const [layer, v] of [...totals].sort((x, y) => y[1] - x[1]))
  console.log(`${layer.padEnd(52)} ${(v / n).toFixed(1).padStart(8)} µs  ${((100 * v) / busy).toFixed(1)} %`);
if (flag === '--top') {
  console.log('--- top self');
  for (const [k, v] of [...selfTop].sort((x, y) => y[1] - x[1]).slice(0, 50))
    console.log(`${(v / n).toFixed(1).padStart(7)} µs  ${k}`);
}
