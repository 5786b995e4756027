// The abort work of a gateway profile, in µs per request (issue 33):
//   node bench/profile/abort-work.mjs <file.cpuprofile> <t0> <t1> <requests>
// with the window and request count `gateway-load.mjs` printed. Self time in Node's
// `abort_controller` and `event_target` modules (controllers, their signals, abort listeners),
// given to the first frame of ours above it: the listener, the router's attempt, or the transport.
import { readFileSync } from 'node:fs';

const [file, t0s, t1s, reqs] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const requests = Number(reqs);
const sums = { listener: 0, router: 0, transport: 0, other: 0 };
const functions = new Map();
let time = profile.startTime;
for (let index = 0; index < profile.samples.length; index++) {
  const delta = profile.timeDeltas[index] ?? 0;
  time += delta;
  if (time < Number(t0s) || time > Number(t1s)) continue;
  const weight = profile.timeDeltas[index + 1] ?? delta;
  let id = profile.samples[index];
  const leaf = byId.get(id).callFrame;
  if (!/abort_controller|event_target/.test(leaf.url)) continue;
  let owner = 'other';
  while (id !== undefined) {
    const frame = byId.get(id).callFrame;
    if (frame.url !== '' && !frame.url.startsWith('node:')) {
      // The core adapter bundle holds the lean transport; undici's own `util.js` its abort listener.
      if (/adapter\.js|undici|util\.js/.test(frame.url)) owner = 'transport';
      else if (/attemptWithTimeout|callBackends|sleep/.test(frame.functionName)) owner = 'router';
      else if (/gateway/.test(frame.url)) owner = 'listener';
      break;
    }
    id = parent.get(id);
  }
  sums[owner] += weight;
  const key = `${owner}: ${leaf.functionName || '(anonymous)'}`;
  functions.set(key, (functions.get(key) ?? 0) + weight);
}
const total = Object.values(sums).reduce((sum, value) => sum + value, 0);
console.log(`abort work µs/request: ${(total / requests).toFixed(1)}`);
for (const [owner, value] of Object.entries(sums)) console.log(`${owner.padEnd(10)} ${(value / requests).toFixed(1)}`);
for (const [key, value] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  console.log(`  ${(value / requests).toFixed(1).padStart(6)} ${key}`);
}
