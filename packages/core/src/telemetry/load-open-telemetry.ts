import { isOpenTelemetryApi, type OpenTelemetryApi } from './open-telemetry-api';

/** Loads a module by name, as `require` does; throws when it cannot be resolved. */
export type ModuleLoader = (id: string) => unknown;

/**
 * `@opentelemetry/api` through `loader`, or `undefined` when it cannot be loaded (not installed,
 * not resolvable from here, no `require` in this runtime) or is not the expected module. Never
 * throws. The default loader resolves the module from this package, with Node's `require`.
 */
export function loadOpenTelemetry(loader: ModuleLoader = requireFromHere): OpenTelemetryApi | undefined {
  try {
    const api = loader('@opentelemetry/api');
    return isOpenTelemetryApi(api) ? api : undefined;
  } catch {
    return undefined;
  }
}

function requireFromHere(id: string): unknown {
  // No static `node:module` import: core also runs where there is no Node (then: no telemetry).
  const nodeModule = globalThis.process?.getBuiltinModule?.('node:module') as
    | { createRequire(path: string): (id: string) => unknown }
    | undefined;
  if (nodeModule === undefined) throw new Error('No module loader in this runtime.');
  // CJS has `__filename`; ESM has `import.meta.url` (the CJS build defines it away: tsup.config.ts).
  const here = typeof __filename === 'string' ? __filename : import.meta.url;
  return nodeModule.createRequire(here)(id);
}
