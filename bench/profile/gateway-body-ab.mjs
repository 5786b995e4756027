// CPU per request of the CLI gateway of two built checkouts on a recorded client's request (issue 33):
//   node bench/profile/gateway-body-ab.mjs <fixture.json> <checkout A> <checkout B> [pairs] [connections]
// The fixture is one of packages/tests/src/gateway/__fixtures__/clients (OpenAI Chat format: its
// `body` is sent to /v1/chat/completions as a JSON call, `stream: false`, model `fast`, the bench
// mock behind). Per pair, each checkout's gateway starts afresh (the order alternates), gets 6 s of
// warm-up, then 4 windows of 2 s; the window medians of CPU per request and requests per second
// are printed per pair, then the medians over the pairs.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { ask, startServer } from './bench-child.mjs';

const [fixture, a, b, pairs = '6', connections = '16'] = process.argv.slice(2);
if (b === undefined)
  throw new Error('usage: gateway-body-ab.mjs <fixture.json> <checkout A> <checkout B> [pairs] [connections]');
const recorded = JSON.parse(readFileSync(fixture, 'utf8'));
if (recorded.format !== 'openai')
  throw new Error(`${fixture}: an OpenAI Chat request is expected, not ${recorded.format}`);
const body = JSON.stringify({ ...recorded.body, model: 'fast', stream: false, stream_options: undefined });
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

const mock = await startServer('mock');
const results = { [a]: [], [b]: [] };
try {
  for (let pair = 0; pair < Number(pairs); pair++) {
    for (const root of pair % 2 === 0 ? [a, b] : [b, a]) {
      const server = await startServer('gateway', mock.url, { root });
      const options = {
        url: `${server.url}/v1/chat/completions`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        connections: Number(connections),
      };
      await autocannon({ ...options, duration: 6 });
      const cpu = [];
      const rps = [];
      for (let window = 0; window < 4; window++) {
        const before = await ask(server.child, 'cpu');
        const run = await autocannon({ ...options, duration: 2 });
        const after = await ask(server.child, 'cpu');
        if (run.non2xx > 0) throw new Error(`${root}: ${run.non2xx} answers were not 2xx`);
        cpu.push((after.user + after.system - before.user - before.system) / run.requests.total);
        rps.push(run.requests.total / 2);
      }
      results[root].push({ cpu: median(cpu), rps: median(rps) });
      server.child.kill();
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    console.log(
      `pair ${pair + 1}: ${[a, b].map((root) => `${root} ${results[root].at(-1).cpu.toFixed(0)} µs, ${results[root].at(-1).rps.toFixed(0)} req/s`).join('; ')}`,
    );
  }
} finally {
  mock.child.kill();
}
for (const root of [a, b]) {
  const runs = results[root];
  console.log(
    `${root}: median ${median(runs.map((run) => run.cpu)).toFixed(0)} µs per request, ${median(runs.map((run) => run.rps)).toFixed(0)} req/s over ${runs.length} pairs`,
  );
}
