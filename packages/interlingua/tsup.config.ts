import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
  },
  {
    // The `interlingua` bin: ESM only, no types; the shebang of src/cli.ts is kept.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'node20',
  },
  {
    // The trace page's script: bundled for the browser at build time, served by `interlingua trace`.
    entry: { 'trace-page': 'src/trace-page/client/main.ts' },
    format: ['iife'],
    platform: 'browser',
    target: 'es2022',
    minify: true,
    dts: false,
    sourcemap: false,
    clean: false,
    outExtension: () => ({ js: '.js' }),
  },
]);
