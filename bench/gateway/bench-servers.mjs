// The servers of the gateway bench, one per child process, each run by plain `node` (no loader):
// `mock` (a Chat Completions endpoint answering at once), the raw pass-through proxies — the lower
// bound of any proxy — `proxy-undici` (node:http in, undici out: the baseline issue 33 names) and
// `proxy` (node:http on both sides), `floor` (a minimal decode-and-encode server, not a proxy), `gateway` (the Interlingua gateway from the built packages, one
// model on the mock). Each sends `{ ready: url }` over IPC and answers 'rss' with its RSS, 'cpu'
// with its CPU time so far and 'heap' with its memory by kind (bench/profile/gateway-memory.mjs).
// `gateway` runs the built CLI as a deployment does; `gateway-library` the umbrella's
// `createBuiltInGateway` (every package loaded).
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { connect, createServer as createNetServer } from 'node:net';
import { devNull, tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';

const [role, target] = process.argv.slice(2);

const COMPLETION = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1767225600,
  model: 'gpt-4.1-mini',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Hello from the mock.', refusal: null },
      finish_reason: 'stop',
      logprobs: null,
    },
  ],
  usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
});

const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-4.1-mini', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], usage: null })}\n\n`;
// The streamed answer: a role chunk, 200 content chunks, the finish chunk, the usage chunk and
// `[DONE]` — written as a provider's bytes arrive, in bursts of 20 events, one burst per turn
// of the event loop (so a relay can coalesce what arrives together, and must not hold back the
// first burst).
export const STREAM_CONTENT_CHUNKS = 200;
const STREAM_EVENTS = [
  chunk({ role: 'assistant', content: '', refusal: null }),
  ...Array.from({ length: STREAM_CONTENT_CHUNKS }, (_, index) => chunk({ content: `word${index} ` })),
  chunk({}, 'stop'),
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-4.1-mini', choices: [], usage: { prompt_tokens: 12, completion_tokens: 200, total_tokens: 212 } })}\n\n`,
  'data: [DONE]\n\n',
];
const BURST = 20;
const STREAM_BURSTS = [];
for (let index = 0; index < STREAM_EVENTS.length; index += BURST)
  STREAM_BURSTS.push(STREAM_EVENTS.slice(index, index + BURST).join(''));

function freePort() {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// Resolves once something accepts connections on the port (the CLI prints its URL, not to us).
async function listening(port) {
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function ready(server) {
  server.listen(0, '127.0.0.1', () => process.send({ ready: `http://127.0.0.1:${server.address().port}` }));
}

// RSS split into anonymous memory (heap, malloc) and file-backed pages (mostly the node binary's
// code, paged in as code paths first run), on Linux; undefined elsewhere.
function residentKinds() {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kib = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]) * 1024;
    return { rssAnon: kib('RssAnon'), rssFile: kib('RssFile') };
  } catch {
    return undefined;
  }
}

process.on('message', (message) => {
  if (message === 'rss') process.send({ rss: process.memoryUsage().rss });
  if (message === 'exit') process.exit(0);
  if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
  if (message === 'heap')
    process.send({ heap: { ...process.memoryUsage(), spaces: v8.getHeapSpaceStatistics(), proc: residentKinds() } });
});

if (role === 'mock') {
  ready(
    createServer({ keepAliveTimeout: 60_000 }, async (incoming, outgoing) => {
      const chunks = [];
      for await (const piece of incoming) chunks.push(piece);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (body.stream === true) {
        outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        let burst = 0;
        const next = () => {
          if (outgoing.destroyed) return;
          const text = STREAM_BURSTS[burst++];
          if (burst === STREAM_BURSTS.length) outgoing.end(text);
          else {
            outgoing.write(text);
            setImmediate(next);
          }
        };
        next();
      } else {
        outgoing.writeHead(200, { 'content-type': 'application/json' });
        outgoing.end(COMPLETION);
      }
    }),
  );
} else if (role === 'proxy') {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const upstream = new URL(target);
  ready(
    createServer({ keepAliveTimeout: 60_000 }, (incoming, outgoing) => {
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
          agent,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forward.on('error', () => outgoing.destroy());
      incoming.pipe(forward);
    }),
  );
} else if (role === 'proxy-undici') {
  // The raw proxy issue 33 names: node:http in, undici out — one keep-alive pool to the mock, and
  // undici's `stream` API (the answer's bytes go straight into the response, no Readable between).
  // Hop-by-hop headers stay behind, as any proxy drops them (undici refuses `connection` et al.).
  const { Pool } = await import('undici');
  const pool = new Pool(target, { connections: 256 });
  const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect', 'host']);
  const forwardable = (headers) => {
    const result = {};
    for (const name in headers) if (!HOP_BY_HOP.has(name)) result[name] = headers[name];
    return result;
  };
  ready(
    createServer({ keepAliveTimeout: 60_000 }, (incoming, outgoing) => {
      pool
        .stream(
          { path: incoming.url, method: incoming.method, headers: forwardable(incoming.headers), body: incoming },
          ({ statusCode, headers }) => {
            outgoing.writeHead(statusCode, forwardable(headers));
            return outgoing;
          },
        )
        .catch(() => outgoing.destroy());
    }),
  );
} else if (role === 'floor') {
  // Not a proxy and not a gateway: the least any gateway that decodes and encodes does (issue 33's
  // "one decode, one encode") — node:http in, the body read and parsed, a new body stringified
  // for the backend over one keep-alive undici pool, its answer read and parsed, a new answer
  // stringified and written. No auth, routing, validation, log, metrics or usage. Its CPU over the
  // raw proxy's is the part of the gap no gateway can remove (bench/profile/gateway-floor.mjs).
  const { Pool } = await import('undici');
  const pool = new Pool(target, { connections: 256 });
  ready(
    createServer({ keepAliveTimeout: 60_000 }, async (incoming, outgoing) => {
      try {
        const chunks = [];
        for await (const piece of incoming) chunks.push(piece);
        const inbound = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const { statusCode, body } = await pool.request({
          path: '/v1/chat/completions',
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench-0000' },
          body: JSON.stringify({ model: 'gpt-4.1-mini', messages: inbound.messages, tools: inbound.tools }),
        });
        const answer = JSON.parse(await body.text());
        const text = JSON.stringify({ ...answer, model: inbound.model });
        outgoing.writeHead(statusCode, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        });
        outgoing.end(text);
      } catch {
        outgoing.destroy();
      }
    }),
  );
} else if (role === 'gateway') {
  // The gateway as it is deployed: the built CLI's `interlingua gateway --config …` in this process
  // (only what the command imports is loaded; log lines go to stdout through pino's destination —
  // the null device here). The config names one model on the mock.
  const dir = mkdtempSync(join(tmpdir(), 'interlingua-bench-'));
  const config = join(dir, 'gateway.json');
  writeFileSync(
    config,
    JSON.stringify({
      models: { fast: { model: 'openai:gpt-4.1-mini', retries: 0 } },
      providers: { openai: { baseURL: `${target}/v1`, apiKey: 'sk-bench-0000' } },
      limits: { maxConcurrent: 4096, maxBodyBytes: 1_048_576 },
    }),
  );
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  process.argv = [process.argv[0], 'interlingua', 'gateway', '--config', config, '--port', String(port)];
  // The CLI's banner and shutdown line: the bench prints its own table.
  process.stderr.write = () => true;
  await import(new URL('../../packages/interlingua/dist/cli.js', import.meta.url).href);
  await listening(port);
  // The CLI's SIGTERM drains and returns; the IPC channel would then keep this process alive.
  process.once('SIGTERM', () => process.disconnect?.());
  process.send({ ready: `http://127.0.0.1:${port}` });
} else if (role === 'gateway-library') {
  // The built umbrella as a library user embeds it (every package imported).
  const { createBuiltInGateway } = await import(
    new URL('../../packages/interlingua/dist/index.js', import.meta.url).href
  );
  const gateway = createBuiltInGateway(
    {
      models: { fast: { model: 'openai:gpt-4.1-mini', retries: 0 } },
      providers: { openai: { baseURL: `${target}/v1`, apiKey: 'sk-bench-0000' } },
      limits: { maxConcurrent: 4096, maxBodyBytes: 1_048_576 },
    },
    // The log line is written as in production (JSON, asynchronously), to the null device.
    { log: createWriteStream(devNull), registry: { env: {} } },
  );
  const { url } = await gateway.listen({ port: 0 });
  process.send({ ready: url });
} else {
  throw new Error(`Unknown role ${role}`);
}
