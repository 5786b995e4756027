import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packagesDir = fileURLToPath(new URL('./packages', import.meta.url));

// Tests run against each package's source, so `pnpm test` needs no build step in between.
const alias = readdirSync(packagesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'tests')
  .map((entry) => ({
    find: entry.name === 'interlingua' ? /^interlingua$/ : new RegExp(`^@interlingua/${entry.name}$`),
    replacement: `${packagesDir}/${entry.name}/src/index.ts`,
  }));

// Subpath entries, before the package roots they extend.
const subpaths = [
  { find: /^@interlingua\/testkit\/vitest$/, replacement: `${packagesDir}/testkit/src/vitest.ts` },
  { find: /^@interlingua\/gateway\/redis$/, replacement: `${packagesDir}/gateway/src/redis/index.ts` },
  { find: /^@interlingua\/core\/adapter$/, replacement: `${packagesDir}/core/src/adapter/index.ts` },
  {
    find: /^@interlingua\/capabilities\/internal$/,
    replacement: `${packagesDir}/capabilities/src/internal/index.ts`,
  },
];

export default defineConfig({
  resolve: { alias: [...subpaths, ...alias] },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'examples/**/*.test.ts', 'bench/**/*.test.ts'],
    // Generous: sized for a busy 2-core machine (tests never time anything; a bound only stops a hang).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    typecheck: {
      enabled: true,
      include: ['packages/*/src/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
