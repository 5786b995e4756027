// Streams A/B in one run (issue 33): the 200-chunk stream of the gateway bench through the raw
// proxy and the gateways of two checkouts (their built packages), interleaved round by round:
//   node bench/profile/stream-ab.mjs <checkout A> <checkout B> [rounds=200] [same|translated]
// An A/A run (one build twice) shows what the difference between A and B is worth.
// Prints p50 total added and first byte added per arm (over the mock direct), their ratios to the
// proxy's, client reads per stream, whether every stream relayed its 200 content events, and the
// load average.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [checkoutA, checkoutB, roundsText = '200', kind = 'same'] = process.argv.slice(2);
if (checkoutB === undefined) throw new Error('Expected two checkouts: A and B.');
const rounds = Number(roundsText);
const here = fileURLToPath(new URL('../gateway/bench-servers.mjs', import.meta.url));
function start(script, role, target) {
  const child = fork(script, target ? [role, target] : [role], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve) => child.on('message', (m) => m.ready && resolve({ child, url: m.ready })));
}
const mock = await start(here, 'mock');
const proxy = await start(here, 'proxy', mock.url);
const a = await start(join(checkoutA, 'bench/gateway/bench-servers.mjs'), 'gateway', mock.url);
const b = await start(join(checkoutB, 'bench/gateway/bench-servers.mjs'), 'gateway', mock.url);
const openai = (model) =>
  JSON.stringify({
    model,
    messages: [{ role: 'user', content: 'Say hello.' }],
    stream: true,
    stream_options: { include_usage: true },
  });
const anthropic = JSON.stringify({
  model: 'fast',
  max_tokens: 64,
  messages: [{ role: 'user', content: 'Say hello.' }],
  stream: true,
});
const gatewayTarget = (url) =>
  kind === 'translated'
    ? { url, path: '/v1/messages', body: anthropic }
    : { url, path: '/v1/chat/completions', body: openai('fast') };
const arms = {
  direct: { url: mock.url, path: '/v1/chat/completions', body: openai('gpt-4.1-mini') },
  proxy: { url: proxy.url, path: '/v1/chat/completions', body: openai('gpt-4.1-mini') },
  A: gatewayTarget(a.url),
  B: gatewayTarget(b.url),
};
const CONTENT_EVENT = /"content":"word\d+ "|"text_delta","text":"word\d+ "/g;
const agents = new Map();
function timed(target) {
  const url = new URL(target.url);
  let agent = agents.get(target.url + target.path);
  if (agent === undefined) {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.set(target.url + target.path, agent);
  }
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let first;
    let reads = 0;
    let text = '';
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: target.path,
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(target.body) },
      },
      (incoming) => {
        if (incoming.statusCode !== 200) reject(new Error(`${target.path}: status ${incoming.statusCode}`));
        incoming.setEncoding('utf8');
        incoming.on('data', (piece) => {
          first ??= process.hrtime.bigint();
          reads += 1;
          text += piece;
        });
        incoming.on('end', () => {
          const end = process.hrtime.bigint();
          resolve({
            first: Number((first ?? end) - started) / 1e6,
            end: Number(end - started) / 1e6,
            reads,
            events: text.match(CONTENT_EVENT)?.length ?? 0,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(target.body);
  });
}
const names = Object.keys(arms);
const results = Object.fromEntries(names.map((name) => [name, []]));
const before = loadavg();
// A gateway's work after its answer (the log line, the settling) falls on the request that
// follows it: each arm gets a short pause after it, and A and B swap places every round.
const pause = () => new Promise((resolve) => setTimeout(resolve, 3));
for (let round = 0; round < 30 + rounds; round++) {
  const order = round % 2 === 0 ? names : ['direct', 'proxy', 'B', 'A'];
  for (const name of order) {
    const timing = await timed(arms[name]);
    if (round >= 30) results[name].push(timing);
    await pause();
  }
}
const after = loadavg();
const p50 = (name, key) => {
  const sorted = results[name].map((t) => t[key]).sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
};
const added = (name, key) => p50(name, key) - p50('direct', key);
console.log(
  `${kind}, ${rounds} rounds; load average ${before.map((v) => v.toFixed(2)).join(' ')} → ${after.map((v) => v.toFixed(2)).join(' ')}`,
);
console.log(
  `direct p50: total ${p50('direct', 'end').toFixed(3)} ms, first byte ${p50('direct', 'first').toFixed(3)} ms`,
);
for (const name of ['proxy', 'A', 'B']) {
  const ratio = (key) => (name === 'proxy' ? '' : ` (${(added(name, key) / added('proxy', key)).toFixed(2)}× proxy)`);
  console.log(
    `${name.padEnd(6)} total added ${added(name, 'end').toFixed(3)} ms${ratio('end')}, first byte added ${added(name, 'first').toFixed(3)} ms${ratio('first')}, reads ${p50(name, 'reads')}, 1:1 ${results[name].every((t) => t.events === 200) ? 'yes' : 'NO'}`,
  );
}
for (const server of [mock, proxy, a, b]) server.child.kill();
