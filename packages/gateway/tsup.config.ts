import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', redis: 'src/redis/index.ts' },
  external: ['ioredis'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
});
