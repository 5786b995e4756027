import { sanitizeToolNamePart } from '../host/expose-tool-name';

/**
 * Who is calling the aggregator over HTTP, as whoever authenticated the request decided: a key's
 * name and what it may use. The aggregator built for a caller lists only what it may use and
 * refuses the rest.
 */
export type McpCaller = {
  /** The key's name (audit line, rate limit bucket); undefined for an anonymous (loopback, no keys) caller. */
  name: string | undefined;
  /** Server names it may list and call; undefined = every server. */
  servers?: readonly string[];
  /** Tools it may list and call, as served names (`fs__read_text_file`; `fs__*` wildcards); undefined = all tools of its servers. */
  tools?: readonly string[];
  /** Requests per minute this key may send to the endpoint (one bucket per key name); undefined = no limit. */
  requestsPerMinute?: number;
};

/** The caller of an endpoint without keys: everything, no limit. */
export const ANONYMOUS_CALLER: McpCaller = { name: undefined };

const patterns = new WeakMap<readonly string[], RegExp[]>();

function compiled(tools: readonly string[]): RegExp[] {
  let found = patterns.get(tools);
  if (found === undefined) {
    // `*` is the only wildcard: every other character matches itself.
    found = tools.map(
      (pattern) =>
        new RegExp(
          `^${pattern
            .split('*')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
          's',
        ),
    );
    patterns.set(tools, found);
  }
  return found;
}

/** Whether a served name matches one of `patterns` (`*` matches any run of characters). */
export function matchesToolPatterns(patterns: readonly string[], served: string): boolean {
  return compiled(patterns).some((pattern) => pattern.test(served));
}

/**
 * Whether `caller` may list and call the tool served as `served`, which belongs to `server`
 * (`undefined`: a tool of the host's own, which a caller limited to `servers` may not use).
 */
export function callerMayUseTool(caller: McpCaller, served: string, server: string | undefined): boolean {
  if (caller.servers !== undefined && (server === undefined || !caller.servers.includes(server))) return false;
  return caller.tools === undefined || matchesToolPatterns(caller.tools, served);
}

/**
 * Whether `caller` may see `server`'s resources and prompts: the server is among its `servers`,
 * and — when it has a `tools` list — one of its patterns can name a tool of that server (with
 * prefixed names `fs__…`, or a wildcard before the `__`, such as `*`; with one unprefixed server, any pattern).
 */
export function callerMayUseServer(caller: McpCaller, server: string, prefixed: boolean): boolean {
  if (caller.servers !== undefined && !caller.servers.includes(server)) return false;
  if (caller.tools === undefined || !prefixed) return caller.tools === undefined || caller.tools.length > 0;
  const prefix = `${sanitizeToolNamePart(server)}__`;
  return caller.tools.some((pattern) => {
    const star = pattern.indexOf('*');
    return pattern.startsWith(prefix) || (star !== -1 && prefix.startsWith(pattern.slice(0, star)));
  });
}
