import type { Options } from 'tsup';

/**
 * The build every published package shares: ESM and CJS, each with its own declarations, source maps, a
 * clean `dist/` and Node 20 syntax. A package's `tsup.config.ts` adds only what is its own (entries,
 * externals, shims) through {@link definePackageBuild}.
 */
export const packageBuild = {
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
} as const satisfies Options;

/**
 * A package's tsup options: {@link packageBuild} with the package's own entries and settings on top.
 *
 * @example
 * ```ts
 * export default defineConfig(definePackageBuild({ entry: ['src/index.ts'] }));
 * ```
 */
export function definePackageBuild(options: Options & Required<Pick<Options, 'entry'>>): Options {
  return { ...packageBuild, format: [...packageBuild.format], ...options };
}
