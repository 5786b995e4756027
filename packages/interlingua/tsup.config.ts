import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../tsup.shared';

export default defineConfig([
  definePackageBuild({ entry: ['src/index.ts'] }),
  definePackageBuild({
    // The `interlingua` bin: ESM only, no types; the shebang of src/cli.ts is kept.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
  }),
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
