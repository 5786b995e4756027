// A gateway for the store bench, run by plain `node` from the built packages: one model on the
// mock, one virtual key with rpm, tpm and a budget (so every request takes from two buckets,
// reads the budget, settles the reservation and adds spend), and the store the first argument
// names — `memory`, or `redis` with the URL in the second argument. Sends `{ ready: url }` over
// IPC; answers 'cpu' with its CPU time.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { devNull } from 'node:os';

const [store, mockUrl, redisUrl] = process.argv.slice(2);
export const BENCH_KEY = 'sk-bench-store-key-0001';

const { createBuiltInGateway } = await import(
  new URL('../../packages/interlingua/dist/index.js', import.meta.url).href
);
const options = { log: createWriteStream(devNull), registry: { env: {} } };
if (store === 'redis') {
  const { createRedisGatewayStore } = await import(
    new URL('../../packages/gateway/dist/redis.js', import.meta.url).href
  );
  options.store = createRedisGatewayStore({ url: redisUrl, prefix: 'bench', onUnavailable: 'fail-closed' });
  await options.store.ready();
}
const gateway = createBuiltInGateway(
  {
    models: { fast: { model: 'openai:gpt-4.1-mini', retries: 0 } },
    providers: { openai: { baseURL: `${mockUrl}/v1`, apiKey: 'sk-bench-0000' } },
    keys: [
      {
        name: 'bench',
        sha256: createHash('sha256').update(BENCH_KEY).digest('hex'),
        rpm: 100_000_000,
        tpm: 1_000_000_000_000,
        budget: { tokens: 1_000_000_000_000, period: 'month' },
      },
    ],
    limits: { maxConcurrent: 4096, maxBodyBytes: 1_048_576 },
  },
  options,
);
const { url } = await gateway.listen({ port: 0 });
process.on('message', (message) => {
  if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
});
process.send({ ready: url });
