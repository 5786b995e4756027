import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../tsup.shared';

export default defineConfig(
  definePackageBuild({
    entry: { index: 'src/index.ts', internal: 'src/internal/index.ts' },
    // One copy of each module for both entries in CJS too: the default registries are module state.
    splitting: true,
  }),
);
