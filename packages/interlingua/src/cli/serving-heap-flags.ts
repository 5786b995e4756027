import { setFlagsFromString } from 'node:v8';

/**
 * The V8 flags `interlingua gateway` sets for its own process (issue 33, memory), each unless node
 * was started with a flag of that name (`node --heap-growing-percent=0 …/interlingua gateway`; V8
 * flags are not allowed in `NODE_OPTIONS`): the operator's choice wins. Both only change when V8 collects and where it allocates, never what the program
 * does, and both take effect when set after start-up (they are read at every collection and by
 * code compiled afterwards).
 *
 * - `--no-allocation-site-pretenuring`: V8 allocates the objects of an allocation site straight in
 *   the old generation once it saw them survive; a request's objects did while the JIT warmed up
 *   (undici's request and header buffers, the transport's handler), and from then on every request
 *   put ~1.3 KB into the old generation, to be freed by a full collection only (the gateway's
 *   promotion: 2.0 → 0.55–0.7 KB per request).
 * - `--heap-growing-percent=100`: the next full collection comes when the old generation doubled
 *   since the last one, not when it grew by V8's dynamic factor (up to 4× on a machine with the
 *   memory for it): the RSS after load holds at most one live heap's worth of garbage. With the
 *   promotion above the full collections are no more frequent than before.
 */
export const SERVING_HEAP_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring', '--heap-growing-percent=100'];

// A V8 flag's name as V8 reads it: `--no-x`, `--nox`, `--x=1` and `--x_y` name the same flag.
function flagName(arg: string): string | undefined {
  if (!arg.startsWith('--')) return undefined;
  const name = (arg.slice(2).split('=')[0] ?? '').replaceAll('_', '-');
  return name.startsWith('no-') ? name.slice(3) : name.startsWith('no') ? name.slice(2) : name;
}

/** The flags of {@link SERVING_HEAP_FLAGS} that node's own arguments (`process.execArgv`) do not already name. */
export function servingHeapFlags(execArgv: readonly string[]): string[] {
  const given = new Set(execArgv.map(flagName));
  return SERVING_HEAP_FLAGS.filter((flag) => !given.has(flagName(flag)));
}

/** Sets {@link servingHeapFlags} in this process; returns the flags set. */
export function tuneHeapForServing(execArgv: readonly string[] = process.execArgv): string[] {
  const flags = servingHeapFlags(execArgv);
  for (const flag of flags) setFlagsFromString(flag);
  return flags;
}
