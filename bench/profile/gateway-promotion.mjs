// Which allocations of the gateway outlive the young generation, by allocation site (issue 33):
//   node bench/profile/gateway-promotion.mjs [same|translated|stream|404] [connections] [seconds]
// Starts the bench's mock and the CLI gateway (from the built packages) with `promotion-hook.mjs`
// (and GATEWAY_NODE_FLAGS, e.g. `--no-allocation-site-pretenuring`),
// warms up, then samples V8's allocations for the load's duration keeping only what no scavenge
// collected (what was promoted to the old generation, or is still live), and prints bytes per
// request by allocation site and its two callers. What fills the old space between full GCs, and
// with it the RSS after load; found this way: object literals with getters (each evaluation makes
// an old-generation `AccessorPair` that keeps its closures' request alive until a full GC), and
// Node 20's `AbortController`s (every one is promoted, with what its listeners reach).
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const [arm = 'same', connText = '16', secText = '5'] = process.argv.slice(2);
const servers = fileURLToPath(new URL('../gateway/bench-servers.mjs', import.meta.url));
const hook = fileURLToPath(new URL('./promotion-hook.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'gateway-promotion-'));
const out = join(scratch, 'profile.json');

function start(role, target, execArgv = [], env = process.env) {
  const child = fork(servers, target ? [role, target] : [role], {
    execArgv,
    env,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve) =>
    child.on('message', (message) => message.ready && resolve({ child, url: message.ready })),
  );
}
const ask = (child, what) =>
  new Promise((resolve) => {
    const onMessage = (message) => {
      if (message.promotion === undefined) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send(what);
  });

const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const chat = (stream) =>
  JSON.stringify({
    model: 'fast',
    messages: [{ role: 'user', content: 'Say hello.' }],
    tools: [{ type: 'function', function: { name: 'get_weather', description: 'The weather.', parameters: schema } }],
    ...(stream ? { stream: true } : {}),
  });
const messages = JSON.stringify({
  model: 'fast',
  max_tokens: 64,
  messages: [{ role: 'user', content: 'Say hello.' }],
  tools: [{ name: 'get_weather', description: 'The weather.', input_schema: schema }],
});
const arms = {
  same: ['POST', '/v1/chat/completions', chat(false)],
  translated: ['POST', '/v1/messages', messages],
  stream: ['POST', '/v1/chat/completions', chat(true)],
  404: ['GET', '/nowhere', undefined],
};
const [method, path, body] = arms[arm] ?? arms.same;

const mock = await start('mock');
const flags = (process.env.GATEWAY_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const gateway = await start('gateway', mock.url, ['--import', hook, ...flags], { ...process.env, PROMOTION_OUT: out });
try {
  const load = (duration) =>
    autocannon({
      url: `${gateway.url}${path}`,
      method,
      headers: { 'content-type': 'application/json' },
      body,
      connections: Number(connText),
      duration,
    });
  await load(2);
  await ask(gateway.child, 'promotion-start');
  const result = await load(Number(secText));
  await ask(gateway.child, 'promotion-stop');
  const requests = result.requests.total;

  const sites = new Map();
  let total = 0;
  const name = (frame) =>
    `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*packages\//, '')}:${frame.lineNumber + 1}`;
  const walk = (node, stack) => {
    const here = [...stack, name(node.callFrame)];
    if (node.selfSize > 0) {
      total += node.selfSize;
      const site = here.slice(-3).reverse().join(' < ');
      sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(JSON.parse(readFileSync(out, 'utf8')).head, []);
  const load1 = loadavg()[0].toFixed(2);
  console.log(
    `${arm}, c=${connText}: ${requests} requests (${result.non2xx} non-2xx), load ${load1}; outlived the young generation: ${(total / requests / 1024).toFixed(2)} KB per request (sampled)`,
  );
  for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${String(Math.round(bytes / requests)).padStart(6)} B  ${site}`);
} finally {
  gateway.child.kill();
  mock.child.kill();
  rmSync(scratch, { recursive: true, force: true });
}
