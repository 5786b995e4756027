import { fileURLToPath } from 'node:url';
import { readGatewayConfig } from '@interlingua/gateway';
import { describe, expect, it } from 'vitest';

// The example configs under examples/gateway stay valid as the schema grows.

const example = (name: string) => fileURLToPath(new URL(`../../../../examples/gateway/${name}`, import.meta.url));

describe('example gateway configs', () => {
  it('gateway.json (one process, memory store) is valid', async () => {
    const config = await readGatewayConfig(example('gateway.json'), { env: {} });
    expect(config.store).toEqual({ type: 'memory' });
  });

  it('gateway-replicas.json (replicas sharing Redis) is valid, its URL and master key from the environment', async () => {
    const config = await readGatewayConfig(example('gateway-replicas.json'), {
      env: { REDIS_URL: 'redis://127.0.0.1:6379', GATEWAY_MASTER_KEY: 'a-master-key-of-24-chars' },
    });
    expect(config.store).toEqual({
      type: 'redis',
      url: 'redis://127.0.0.1:6379',
      prefix: 'interlingua',
      onUnavailable: 'fail-closed',
    });
    expect(config.masterKey).toBe('a-master-key-of-24-chars');
  });
});
