import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { staleBuilds } from './method/check-built';

// Every `suites/*.bench.ts` exports `run()`; `pnpm bench -- core` runs only the suites named.
const only = process.argv.slice(2).filter((arg) => arg !== '--');
const dir = fileURLToPath(new URL('./suites', import.meta.url));
const suites = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.includes(file.replace('.bench.ts', '')));

// Tight loops of SDK calls can trip Node's listener-leak warning thousands of times (the MCP
// SDK's HTTP transport shares one AbortSignal across fetches); say each kind of warning once.
const warned = new Set<string>();
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warned.has(warning.name)) return;
  warned.add(warning.name);
  console.warn(`(${warning.name}, shown once: ${warning.message})`);
});

// The suites import the built packages (bench/tsconfig.json maps `@interlingua/*` to `dist/`).
const stale = staleBuilds();
if (stale.length > 0) {
  console.error(
    `The bench measures the built packages, as users run them and as the official SDKs ship; these are not built or older than their source: ${stale.join(', ')}. Run \`pnpm build\` first.`,
  );
  process.exit(1);
}

console.log(`Interlingua benchmarks — node ${process.version}; ratios are subject/baseline medians from the same run.`);
for (const file of suites) {
  const suite = (await import(`./suites/${file}`)) as { run: () => Promise<void> };
  await suite.run();
}
