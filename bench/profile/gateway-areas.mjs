// The CPU of a gateway profile by area, in µs per request (issue 33):
//   node bench/profile/gateway-areas.mjs <file.cpuprofile> <t0> <t1> <requests> [--top]
// with the window and request count `gateway-load.mjs` printed. Each sample goes to the innermost
// frame of its stack that names an area (by function name, or by module for libraries); samples
// under no named frame are the sockets (node:net, streams) or the async hops between them.
import { readFileSync } from 'node:fs';

const [file, t0s, t1s, reqs, flag] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Areas: the innermost frame (leaf upwards) that matches a marker decides.
const AREAS = [
  ['spans', /startRequestSpan|endRequestSpan|spanAttempt|noteChat|startTelemetrySpan|endBackendSpan/, null],
  ['metrics', /^observe$|inFlight/, /prom-client/],
  ['log', /logRequest|redactRequestRecord/, /pino|sonic-boom|thread-stream/],
  [
    'auth and limits',
    /authenticate|admitRequest|settleCall|settleReservation|estimateInputTokens|pricedPlan|hashGatewayKey|isRevoked|cooldownLeft/,
    /create-memory-gateway-store/,
  ],
  [
    'decode of the answer',
    /decodeResponse|decodeStream|decodeOpenAIResponse|decodeOpenAIStream|parseOpenAIResponse|readSSEJSON|yieldModelEvents/,
    null,
  ],
  [
    'encode for the caller',
    /encodeResponse|encodeStream|encodeOpenAIResponse|encodeOpenAIStream|encodeAnthropicResponse|encodeAnthropicStream|jsonReply|^frame$|streamReply|warningsHeader|backendHeader/,
    null,
  ],
  [
    'encode for the backend',
    /encodeRequest|encodeOpenAIRequest|convertToOpenAI|prepareOpenAI|withCapabilities|degradeRequest|lowerSchema|^lower$|capabilitiesOf|resolveReasoning|planRequest/,
    null,
  ],
  [
    'transport',
    /keepAliveFetch|toResponse|toWebStream|readOpenAIStream|openAIRequestOptions|^generate$|^stream$|startStream|makeTransferable|createAbortSignal|^requestJSON$|^requestStream$|^onResponse(Start|Data|End|Error)$|^onRequestStart$/,
    /\/openai@|\/@anthropic-ai|_http_client|_http_agent|undici|webstreams|node:internal\/deps\/undici/,
  ],
  ['router', /callBackends|attemptWithTimeout|^plan$|backendBuckets/, null],
  [
    'decode',
    /readInboundRequest|decodeRequest|decodeOpenAIRequest|decodeAnthropicRequest|applyPassThroughPolicy|checkToolPairing/,
    null,
  ],
  ['HTTP', /createNodeListener|^write$|^head$|createDispatcher|readBody|countWhileStreaming/, /_http_server/],
];
function areaOf(id) {
  let cur = id;
  const frames = [];
  while (cur !== undefined) {
    const n = byId.get(cur);
    frames.push(n.callFrame);
    cur = parent.get(cur);
  }
  for (const f of frames) {
    for (const [area, byName, byUrl] of AREAS) {
      if (byName.test(f.functionName) || byUrl?.test(f.url)) return area;
    }
  }
  const leaf = frames[0].functionName;
  if (leaf === '(garbage collector)') return 'GC';
  if (leaf === '(idle)') return 'idle';
  if (leaf === '(program)') return 'program';
  if (
    frames.some(
      (f) =>
        /node:(net|_http_|internal\/stream_base|events|internal\/streams)/.test(f.url) ||
        /^(writev|writeBuffers|writeUtf8String|onStreamRead)$/.test(f.functionName),
    )
  )
    return 'HTTP (sockets, both sides)';
  return 'other (microtasks, async hops)';
}
const t0 = Number(t0s),
  t1 = Number(t1s);
let t = p.startTime;
const totals = new Map();
const selfTop = new Map();
const cache = new Map();
for (let i = 0; i < p.samples.length; i++) {
  const dt = p.timeDeltas[i] ?? 0;
  t += dt;
  if (t < t0 || t > t1) continue;
  const id = p.samples[i];
  let a = cache.get(id);
  if (a === undefined) {
    a = areaOf(id);
    cache.set(id, a);
  }
  const w = p.timeDeltas[i + 1] ?? dt;
  totals.set(a, (totals.get(a) ?? 0) + w);
  const f = byId.get(id).callFrame;
  const k = `${a} | ${f.functionName || '(anon)'} ${f.url.replace(/.*\/(node_modules\/.pnpm\/)?/, '')}:${f.lineNumber}`;
  selfTop.set(k, (selfTop.get(k) ?? 0) + w);
}
const n = Number(reqs);
let busy = 0;
for (const [a, v] of totals) if (a !== 'idle') busy += v;
console.log(`busy µs/request (sampled): ${(busy / n).toFixed(0)}`);
for (const [a, v] of [...totals].sort((x, y) => y[1] - x[1]))
  console.log(`${a.padEnd(24)} ${(v / n).toFixed(1).padStart(8)} µs  ${((100 * v) / busy).toFixed(1)} %`);
// The transport's own CPU: its socket writes (`writev`) are the same as the proxy's client.
let transportWrites = 0;
for (const [k, v] of selfTop) if (k.startsWith('transport | writev ')) transportWrites += v;
console.log(
  `${'transport less writev'.padEnd(24)} ${(((totals.get('transport') ?? 0) - transportWrites) / n).toFixed(1).padStart(8)} µs`,
);
if (flag === '--top') {
  console.log('--- top self');
  for (const [k, v] of [...selfTop].sort((x, y) => y[1] - x[1]).slice(0, 60))
    console.log(`${(v / n).toFixed(1).padStart(7)} µs  ${k}`);
}
