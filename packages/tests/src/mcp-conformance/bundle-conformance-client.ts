import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLIENT = fileURLToPath(new URL('./conformance-client.ts', import.meta.url));

type EsbuildApi = { build(options: Record<string, unknown>): Promise<unknown> };

/**
 * Bundles the conformance client (McpBridge from source, through the repo's tsconfig paths) into
 * one ES module in a temp folder, and returns the command that runs it on the machine's Node.
 * The suite starts the client once per scenario: from a bundle it starts in about a second,
 * where tsx compiling the sources took four on this machine. esbuild is tsup's (a root devDependency).
 */
export async function bundleConformanceClient(): Promise<string> {
  const esbuild = createRequire(createRequire(join(ROOT, 'package.json')).resolve('tsup'))('esbuild') as EsbuildApi;
  const outfile = join(mkdtempSync(join(tmpdir(), 'interlingua-conformance-client-')), 'conformance-client.mjs');
  await esbuild.build({
    entryPoints: [CLIENT],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    tsconfig: join(ROOT, 'tsconfig.json'),
    // The CommonJS dependencies of the bundle ask for `require`, which an ES module lacks.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    logLevel: 'error',
  });
  return `${JSON.stringify(process.execPath)} ${JSON.stringify(outfile)}`;
}
