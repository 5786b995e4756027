import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/vitest.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  // `import.meta.url` locates the IR corpus; the CJS build needs it shimmed.
  shims: true,
  external: ['vitest'],
});
