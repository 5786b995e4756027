// The gateway's memory after the bench's load (issue 33), A/B from built checkouts:
//   node bench/profile/gateway-memory.mjs [--rounds N] [--seconds S] [--promotion] <root> [<root> …]
// Each root is a checkout with its packages built (this one by default). Rounds alternate the roots.
// Per run: the bench's mock and the CLI gateway (bench-servers.mjs `gateway`, plain node) are
// started, the gateway's memory is read once listening and again after the load sequence of
// `pnpm bench -- gateway` (warm-up, 1,500 sequential rounds of same-format and translated JSON,
// autocannon c=1/16/64 twice each on both routes, 200 streams each). Printed per reading: RSS
// (anonymous and file-backed: the node binary's pages), V8's spaces (used / committed), what is
// outside the heap, external memory. `--promotion` runs the gateway under `--trace-gc-nvp` and adds
// the bytes scavenges promoted to the old generation, per request (what fills the old space between
// full GCs; V8 sizes the next full GC's trigger from the old generation's allocation rate).
// GATEWAY_NODE_FLAGS adds flags to the gateway's node (e.g. `--max-semi-space-size=32`, to try one).
// `gateway-promotion.mjs` says which allocations are the promoted ones.
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ask, startServer } from './bench-child.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args.splice(at, 2)[1]);
};
const rounds = option('--rounds', 1);
const seconds = option('--seconds', 3);
const promotion = args.includes('--promotion');
const roots = args.filter((arg) => !arg.startsWith('--'));
if (roots.length === 0) roots.push(fileURLToPath(new URL('../..', import.meta.url)));
const scratch = mkdtempSync(join(tmpdir(), 'gateway-memory-'));

const mb = (bytes) => (bytes / 1048576).toFixed(1);
const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const chat = (stream) =>
  JSON.stringify({
    model: 'fast',
    messages: [{ role: 'user', content: 'Say hello.' }],
    tools: [{ type: 'function', function: { name: 'get_weather', description: 'The weather.', parameters: schema } }],
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });
const messages = (stream) =>
  JSON.stringify({
    model: 'fast',
    max_tokens: 64,
    messages: [{ role: 'user', content: 'Say hello.' }],
    tools: [{ name: 'get_weather', description: 'The weather.', input_schema: schema }],
    ...(stream ? { stream: true } : {}),
  });
const routes = (stream) => [
  ['/v1/chat/completions', chat(stream)],
  ['/v1/messages', messages(stream)],
];

const start = (root, role, target, execArgv = [], stdout = 'ignore') =>
  startServer(role, target, { root, execArgv, stdout });
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function send(url, [path, body]) {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const outgoing = request(
      { host: hostname, port, method: 'POST', path, agent, headers: { 'content-type': 'application/json' } },
      (incoming) => {
        if (incoming.statusCode !== 200) fail(new Error(`${path}: status ${incoming.statusCode}`));
        incoming.resume().on('end', done);
      },
    );
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}
async function sequential(url, stream, count) {
  for (let index = 0; index < count; index++) for (const route of routes(stream)) await send(url, route);
  return count * 2;
}

function describe(heap) {
  const space = Object.fromEntries(heap.spaces.map((entry) => [entry.space_name.replace(/_space$/, ''), entry]));
  const committed = heap.spaces.reduce((sum, entry) => sum + entry.physical_space_size, 0);
  const spaces = ['new', 'old', 'code', 'large_object']
    .map((name) => `${name} ${mb(space[name].space_used_size)}/${mb(space[name].physical_space_size)}`)
    .join(', ');
  const rss = heap.proc === undefined ? '' : ` (anon ${mb(heap.proc.rssAnon)}, file ${mb(heap.proc.rssFile)})`;
  return `RSS ${mb(heap.rss)}${rss}; heap used ${mb(heap.heapUsed)} of ${mb(committed)} committed [${spaces}]; outside the heap ${mb(heap.rss - committed)}; external ${mb(heap.external)} (array buffers ${mb(heap.arrayBuffers)})`;
}

async function run(root) {
  const trace = join(scratch, 'gc.txt');
  const mock = await start(root, 'mock');
  const gateway = await start(
    root,
    'gateway',
    mock.url,
    [...(promotion ? ['--trace-gc-nvp'] : []), ...(process.env.GATEWAY_NODE_FLAGS ?? '').split(' ').filter(Boolean)],
    promotion ? openSync(trace, 'w') : 'ignore',
  );
  try {
    console.log(`${root} listening: ${describe(await ask(gateway.child, 'heap'))}`);
    let requests = (await sequential(gateway.url, false, 200)) + (await sequential(gateway.url, true, 50));
    requests += await sequential(gateway.url, false, 1500);
    for (const connections of [1, 16, 64]) {
      for (let repeat = 0; repeat < 2; repeat++) {
        for (const [path, body] of routes(false)) {
          const result = await autocannon({
            url: `${gateway.url}${path}`,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            connections,
            duration: seconds,
          });
          if (result.non2xx > 0 || result.errors > 0)
            throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          requests += result.requests.total;
        }
      }
    }
    requests += await sequential(gateway.url, true, 200);
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ');
    console.log(
      `${root} after load: ${describe(await ask(gateway.child, 'heap'))}; ${requests} requests; load average ${load}`,
    );
    if (promotion) {
      const lines = readFileSync(trace, 'utf8')
        .split('\n')
        .filter((line) => line.includes(' gc=s '));
      const promoted = lines.reduce((sum, line) => sum + Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0), 0);
      console.log(
        `${root} promoted by ${lines.length} scavenges: ${mb(promoted)} MB, ${(promoted / requests / 1024).toFixed(2)} KB per request`,
      );
    }
  } finally {
    gateway.child.kill();
    mock.child.kill();
  }
}

try {
  for (let round = 0; round < rounds; round++) for (const root of roots) await run(resolve(root));
} finally {
  agent.destroy();
  rmSync(scratch, { recursive: true, force: true });
}
