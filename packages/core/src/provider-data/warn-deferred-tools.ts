import type { Tool } from '../ir/tool';
import type { Warning } from '../ir/warning';

/**
 * For a format without deferred loading: warns, once per request, that tools marked
 * `deferLoading` were sent whole (their schemas cost tokens on every call). The agent loop holds
 * such tools back itself on these providers (its local tool search); this warning is for a
 * request that reaches the codec with them, e.g. through the gateway.
 */
export function warnDeferredTools(tools: readonly Tool[] | undefined, format: string, warnings: Warning[]): void {
  const deferred = (tools ?? []).filter((tool) => tool.deferLoading === true).map((tool) => tool.name);
  if (deferred.length === 0) return;
  warnings.push({
    type: 'degraded',
    feature: 'tools.deferLoading',
    message: `${format} has no deferred tool loading: ${deferred.join(', ')} ${deferred.length === 1 ? 'was' : 'were'} sent with ${deferred.length === 1 ? 'its' : 'their'} full schema${deferred.length === 1 ? '' : 's'}.`,
  });
}
