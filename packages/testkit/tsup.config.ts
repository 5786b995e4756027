import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../tsup.shared';

export default defineConfig(
  definePackageBuild({
    entry: ['src/index.ts', 'src/vitest.ts'],
    // `import.meta.url` locates the IR corpus; the CJS build needs it shimmed.
    shims: true,
    external: ['vitest'],
  }),
);
