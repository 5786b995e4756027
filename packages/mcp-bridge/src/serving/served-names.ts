import { exposeToolName, sanitizeToolNamePart } from '../host/expose-tool-name';

/**
 * How the aggregator names what it serves. Prefixed (several servers, or on request): tools and
 * prompts `server__name` (sanitized, hashed past 64 characters, as the bridge names tools), resource
 * URIs and templates `server+uri` — `everything+test://static-text` — with the server's name
 * sanitized to `[A-Za-z0-9_-]`, so the first `+` ends it and the rest is the original URI,
 * unchanged. Unprefixed (one server): every name and URI as the server gives it.
 */
export class ServedNames {
  private readonly prompts = new Map<string, { server: string; name: string }>();
  private readonly bySanitized = new Map<string, string>();

  constructor(
    readonly prefixed: boolean,
    private readonly servers: readonly string[],
  ) {
    for (const server of servers) this.bySanitized.set(sanitizeToolNamePart(server), server);
  }

  promptOut(server: string, name: string): string {
    const served = this.prefixed ? exposeToolName(server, name) : name;
    this.prompts.set(served, { server, name });
    return served;
  }

  /** The server and name behind a served prompt name, as of the last `prompts/list` (or any name, unprefixed). */
  promptIn(served: string): { server: string; name: string } | undefined {
    const known = this.prompts.get(served);
    if (known !== undefined) return known;
    const only = this.servers[0];
    return !this.prefixed && only !== undefined ? { server: only, name: served } : undefined;
  }

  uriOut(server: string, uri: string): string {
    return this.prefixed ? `${sanitizeToolNamePart(server)}+${uri}` : uri;
  }

  uriIn(served: string): { server: string; uri: string } | undefined {
    if (!this.prefixed) {
      const only = this.servers[0];
      return only === undefined ? undefined : { server: only, uri: served };
    }
    const plus = served.indexOf('+');
    const server = plus === -1 ? undefined : this.bySanitized.get(served.slice(0, plus));
    return server === undefined ? undefined : { server, uri: served.slice(plus + 1) };
  }
}
