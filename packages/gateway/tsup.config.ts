import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../tsup.shared';

export default defineConfig(
  definePackageBuild({
    entry: { index: 'src/index.ts', redis: 'src/redis/index.ts' },
    external: ['ioredis'],
  }),
);
