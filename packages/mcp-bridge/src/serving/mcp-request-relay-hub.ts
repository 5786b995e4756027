import { randomUUID } from 'node:crypto';
import { type ClientCapabilities, ProtocolError } from '@modelcontextprotocol/server';
import type { McpRequestRelay, McpUpstreamRequest } from '../host/mcp-request-relay';

/** How long a request that waits for its client's input answers keeps the upstream call open. */
export const DEFAULT_INPUT_WAIT_MS = 600_000;

// How long a round waits, after an upstream's first request, for the others it sends with it.
const GATHER_MS = 25;

type Asked = {
  request: McpUpstreamRequest;
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: unknown) => void;
};

/** What one round of a relayed request ends with: the upstream result, or input its client must give. */
export type RelayRound<T> =
  | { done: true; value: T }
  | { done: false; inputRequests: Record<string, McpUpstreamRequest>; requestState: string };

/** One downstream request forwarded upstream, alive until the upstream answers it. */
export class RelayedFlight<T> {
  /** The downstream instance serving the current round: progress and log lines go to it. */
  owner: unknown;
  /** What the current round's client declared it can answer; `undefined`: not known, anything is asked. */
  capabilities: ClientCapabilities | undefined;
  readonly pending = new Map<string, Asked>();
  private next = 0;
  private wake: (() => void) | undefined;
  private outcome: { value: T } | { error: unknown } | undefined;
  readonly controller = new AbortController();

  constructor(
    readonly server: string,
    owner: unknown,
    capabilities?: ClientCapabilities,
  ) {
    this.owner = owner;
    this.capabilities = capabilities;
  }

  /** Whether this flight's client can be asked `method` (it declared the capability, or nothing is known). */
  canAsk(method: McpUpstreamRequest['method']): boolean {
    const declared = this.capabilities;
    if (declared === undefined) return true;
    if (method === 'roots/list') return declared.roots !== undefined;
    if (method === 'sampling/createMessage') return declared.sampling !== undefined;
    return declared.elicitation !== undefined;
  }

  /** Starts the upstream call; the flight must be findable first, for requests it sends at once. */
  begin(start: (flight: RelayedFlight<T>) => Promise<T>): void {
    Promise.resolve()
      .then(() => start(this))
      .then(
        (value) => this.settle({ value }),
        (error: unknown) => this.settle({ error }),
      );
  }

  private settle(outcome: { value: T } | { error: unknown }) {
    this.outcome = outcome;
    this.wake?.();
  }

  ask(request: McpUpstreamRequest, signal: AbortSignal): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const key = `input-${++this.next}`;
      this.pending.set(key, { request, resolve, reject });
      signal.addEventListener('abort', () => {
        this.pending.delete(key);
        reject(signal.reason);
      });
      this.wake?.();
    });
  }

  /** Waits until the upstream answers, or asks for something the client has not been asked yet. */
  async round(signal: AbortSignal): Promise<{ done: true; value: T } | { done: false }> {
    while (this.outcome === undefined && this.pending.size === 0) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      this.wake = undefined;
      if (signal.aborted) {
        this.controller.abort(signal.reason);
        throw signal.reason;
      }
    }
    // An upstream often asks several things at once (one round of its own): gather them into one round.
    if (this.outcome === undefined) await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    if (this.outcome !== undefined && this.pending.size === 0) {
      if ('error' in this.outcome) throw this.outcome.error;
      return { done: true, value: this.outcome.value };
    }
    return { done: false };
  }

  /** Hands the client's answers to the upstream requests they answer; the others stay pending. */
  answer(responses: Record<string, unknown> | undefined): void {
    for (const [key, asked] of this.pending) {
      const response = responses?.[key];
      if (typeof response !== 'object' || response === null || Array.isArray(response)) continue;
      this.pending.delete(key);
      asked.resolve(response as Record<string, unknown>);
    }
  }

  fail(error: unknown): void {
    for (const asked of this.pending.values()) asked.reject(error);
    this.pending.clear();
    this.controller.abort(error);
  }
}

/**
 * Relays upstream servers' sampling, elicitation and roots requests to the client whose request
 * caused them. Pass `relay` to `McpBridge.fromConfig` and the hub to `createMcpAggregatorServer`:
 * a request the aggregator forwards is a flight; a server's request while one of its flights is in
 * the air ends the current round with an `InputRequiredResult` (the SDK's legacy shim turns it into
 * the old server-to-client request for a 2025-era client), and the client's retry with
 * `inputResponses` and the `requestState` answers it and resumes the same upstream call.
 * A server's request with no flight of its own in the air is refused (`-32603`), and so is one no
 * flight's client declared the capability for (`-32601`): it goes to the newest flight whose client can answer.
 */
export class McpRequestRelayHub {
  private readonly flights = new Map<string, RelayedFlight<unknown>[]>();
  private readonly waiting = new Map<string, { flight: RelayedFlight<unknown>; timer: NodeJS.Timeout }>();

  constructor(private readonly inputWaitMs = DEFAULT_INPUT_WAIT_MS) {}

  /** The bridge's `relay` option. */
  readonly relay: McpRequestRelay = (server, request, signal) => {
    const flights = this.flights.get(server);
    if (flights === undefined || flights.length === 0) {
      return Promise.reject(
        new ProtocolError(-32603, `No client request to \`${server}\` is in flight to relay ${request.method} to.`),
      );
    }
    // The newest flight whose client can answer: a server's own request (server-everything asks
    // `roots/list` on a timer after its handshake) must not fail a call whose client cannot.
    const flight = flights.findLast((candidate) => candidate.canAsk(request.method));
    if (flight === undefined) {
      return Promise.reject(
        new ProtocolError(
          -32601,
          `No client with a request to \`${server}\` in flight declares what ${request.method} needs.`,
        ),
      );
    }
    return flight.ask(request, signal);
  };

  /** The flights of a server in the air, newest last. */
  inFlight(server: string): readonly RelayedFlight<unknown>[] {
    return this.flights.get(server) ?? [];
  }

  /**
   * Runs one round of a relayed request: starts the upstream call (no `requestState`) or resumes
   * the one a `requestState` names with the client's `inputResponses`.
   */
  async run<T>(
    server: string,
    owner: unknown,
    round: {
      requestState: unknown;
      inputResponses: Record<string, unknown> | undefined;
      signal: AbortSignal;
      /** The capabilities the round's client declared (its `_meta`, else its handshake). */
      capabilities?: ClientCapabilities | undefined;
    },
    start: (flight: RelayedFlight<T>) => Promise<T>,
  ): Promise<RelayRound<T>> {
    let flight: RelayedFlight<T>;
    if (typeof round.requestState === 'string') {
      const waiting = this.waiting.get(round.requestState);
      if (waiting === undefined || waiting.flight.server !== server) {
        throw new ProtocolError(-32602, 'Invalid or expired requestState', { reason: 'invalid_request_state' });
      }
      this.waiting.delete(round.requestState);
      clearTimeout(waiting.timer);
      flight = waiting.flight as RelayedFlight<T>;
      flight.owner = owner;
      flight.capabilities = round.capabilities;
      flight.answer(round.inputResponses);
    } else {
      flight = new RelayedFlight<T>(server, owner, round.capabilities);
      this.flights.set(server, [...this.inFlight(server), flight as RelayedFlight<unknown>]);
      flight.begin(start);
    }
    try {
      const outcome = await flight.round(round.signal);
      if (outcome.done) {
        this.remove(flight as RelayedFlight<unknown>);
        return outcome;
      }
    } catch (error) {
      this.remove(flight as RelayedFlight<unknown>);
      throw error;
    }
    const requestState = randomUUID();
    const timer = setTimeout(() => {
      this.waiting.delete(requestState);
      this.remove(flight as RelayedFlight<unknown>);
      flight.fail(new ProtocolError(-32603, 'The client did not answer the input requests in time.'));
    }, this.inputWaitMs);
    timer.unref();
    this.waiting.set(requestState, { flight: flight as RelayedFlight<unknown>, timer });
    const inputRequests = Object.fromEntries([...flight.pending].map(([key, asked]) => [key, asked.request]));
    return { done: false, inputRequests, requestState };
  }

  private remove(flight: RelayedFlight<unknown>) {
    const rest = this.inFlight(flight.server).filter((candidate) => candidate !== flight);
    if (rest.length === 0) this.flights.delete(flight.server);
    else this.flights.set(flight.server, rest);
  }
}

/** A hub for one bridge: create it first, pass `hub.relay` to the bridge, and the hub to the aggregator. */
export function createMcpRequestRelay(options: { inputWaitMs?: number } = {}): McpRequestRelayHub {
  return new McpRequestRelayHub(options.inputWaitMs);
}
