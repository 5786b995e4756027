// A CPU profile of the gateway under load (issue 33), from the built packages:
//   node bench/profile/gateway-load.mjs <same|translated|stream> <connections> <seconds> <out dir>
// runs the bench's mock and the gateway (under `node --cpu-prof`), loads it with autocannon after a
// warm-up, and prints one JSON line: requests, CPU per request, RSS, and the monotonic window (µs)
// of the measured load, which `gateway-areas.mjs` reads the profile in.
import { mkdirSync } from 'node:fs';
import autocannon from 'autocannon';
import { ask, startServer } from './bench-child.mjs';

const [arm = 'same', connText = '16', secText = '8', dir = 'gateway-profile'] = process.argv.slice(2);
const label = arm;
mkdirSync(dir, { recursive: true });
const start = (role, target, execArgv = []) => startServer(role, target, { execArgv });
const mock = await start('mock');
const gw = await start('gateway', mock.url, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200']);
const tool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const atool = { name: 'get_weather', description: 'The weather in a city.', input_schema: tool.function.parameters };
const stream = arm === 'stream';
const body =
  arm === 'translated'
    ? JSON.stringify({
        model: 'fast',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Say hello.' }],
        tools: [atool],
      })
    : JSON.stringify({
        model: 'fast',
        messages: [{ role: 'user', content: 'Say hello.' }],
        tools: [tool],
        ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
      });
const path = arm === 'translated' ? '/v1/messages' : '/v1/chat/completions';
await autocannon({
  url: gw.url + path,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body,
  connections: 4,
  duration: 2,
});
const cpu0 = await ask(gw.child, 'cpu');
const t0 = Number(process.hrtime.bigint() / 1000n);
const r = await autocannon({
  url: gw.url + path,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body,
  connections: Number(connText),
  duration: Number(secText),
});
const t1 = Number(process.hrtime.bigint() / 1000n);
const cpu1 = await ask(gw.child, 'cpu');
const rss = await ask(gw.child, 'rss');
const total = r.requests.total;
console.log(
  JSON.stringify({
    label,
    arm,
    c: Number(connText),
    total,
    rps: r.requests.average,
    non2xx: r.non2xx,
    errors: r.errors,
    cpuPerReqUs: (cpu1.user + cpu1.system - (cpu0.user + cpu0.system)) / total,
    rssMB: rss / 1048576,
    t0,
    t1,
    dir,
  }),
);
gw.child.send('exit');
await new Promise((resolve) => gw.child.once('exit', resolve));
mock.child.kill();
