import { defineConfig } from 'vitest/config';

// This folder's own tests, against the installed packages (in this repository: the built ones).
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 30_000 } });
