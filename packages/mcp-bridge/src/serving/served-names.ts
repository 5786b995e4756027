import { exposeToolName } from '../host/expose-tool-name';

/**
 * How the aggregator names what it serves. Prefixed (several servers, or on request): tools and
 * prompts `server__name` (sanitized, hashed past 64 characters, as the bridge names tools), resource
 * URIs and templates `server+uri` — `everything+test://static-text` — reversed by the longest
 * configured server name followed by `+`, so the original URI comes back unchanged. Unprefixed (one
 * server): every name and URI as the server gives it.
 */
export class ServedNames {
  private readonly prompts = new Map<string, { server: string; name: string }>();

  constructor(
    readonly prefixed: boolean,
    private readonly servers: readonly string[],
  ) {}

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
    return this.prefixed ? `${server}+${uri}` : uri;
  }

  uriIn(served: string): { server: string; uri: string } | undefined {
    if (!this.prefixed) {
      const only = this.servers[0];
      return only === undefined ? undefined : { server: only, uri: served };
    }
    let best: string | undefined;
    for (const server of this.servers) {
      if (served.startsWith(`${server}+`) && (best === undefined || server.length > best.length)) best = server;
    }
    return best === undefined ? undefined : { server: best, uri: served.slice(best.length + 1) };
  }
}
