import type { IncomingHttpHeaders } from 'node:http';
import type { ClientPresence } from './client-gone';
import type { GatewayRequest } from './gateway-exchange';

/**
 * A {@link GatewayRequest} made by the Node listener. A class, not an object literal with
 * getters: each evaluation of such a literal makes an `AccessorPair` in V8's old generation (and
 * puts the object in dictionary mode), and until a full GC that dead pair keeps its closures —
 * the whole request: its messages, headers, body — alive through scavenges. Every request's
 * objects were promoted that way (3 KB per request on a 404 alone, 7 KB on a chat call).
 * Prototype getters cost neither. `readBody` stays an own property, so a copy made with spread
 * (`{ ...request, path }`) can still read the body; `query` and `signal`, being getters, are not
 * copied by a spread.
 */
export class NodeGatewayRequest implements GatewayRequest {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly headers: IncomingHttpHeaders,
    readonly id: string,
    readonly clientGone: ClientPresence,
    private readonly url: string,
    // Where the query starts in `url` (its `?`), or -1.
    private readonly queryAt: number,
    /** Reads the whole body (once); see {@link GatewayRequest.readBody}. */
    readonly readBody: () => Promise<Buffer>,
  ) {}

  get query(): URLSearchParams {
    return new URLSearchParams(this.queryAt === -1 ? '' : this.url.slice(this.queryAt + 1));
  }

  get signal(): AbortSignal {
    return this.clientGone.signal;
  }
}
