import { defineConfig } from 'tsup';
import { definePackageBuild } from '../../tsup.shared';

export default defineConfig(
  definePackageBuild({
    entry: { index: 'src/index.ts', adapter: 'src/adapter/index.ts' },
    // One copy of each module for both entries in CJS too: the telemetry switch (`useOpenTelemetry`,
    // root) and the spans it governs (`startTelemetrySpan`, adapter) share module state.
    splitting: true,
    esbuildOptions(options, { format }) {
      // `import.meta.url` is read only where `__filename` is missing (ESM; see load-open-telemetry.ts).
      // CJS always has `__filename`, so there the branch is dead: defined away rather than left to
      // esbuild's empty `import.meta` and its warning. No `shims`: they would make the ESM build
      // import `node:url`, and core also runs where there is no Node.
      if (format === 'cjs') options.define = { ...options.define, 'import.meta.url': 'undefined' };
    },
  }),
);
