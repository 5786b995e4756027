import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

/** How long a 2025-era session may sit unused before it is closed. Default 30 minutes. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
/** How many 2025-era sessions one caller may hold open; its least recently used goes first. */
export const DEFAULT_MAX_SESSIONS_PER_CALLER = 100;

type Session = {
  transport: WebStandardStreamableHTTPServerTransport;
  caller: string | undefined;
  lastUsed: number;
  /** Requests (and their response bodies: a notification stream, a streamed result) still open. */
  open: number;
};

/**
 * The 2025-era sessions of an endpoint, bounded: a session nothing has used for `idleMs` (no
 * request, no open stream) is closed, and a caller that opens more than `maxPerCaller` loses its
 * least recently used one — as the spec allows a server to end a session at any time (its client
 * then gets 404 and initializes again).
 */
export class LegacySessionTable {
  private readonly sessions = new Map<string, Session>();
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly maxPerCaller: number,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** The session `id` for `caller`; another caller's session is not there for it. */
  get(id: string, caller: string | undefined): WebStandardStreamableHTTPServerTransport | undefined {
    const session = this.sessions.get(id);
    return session === undefined || session.caller !== caller ? undefined : session.transport;
  }

  add(id: string, transport: WebStandardStreamableHTTPServerTransport, caller: string | undefined): void {
    this.sessions.set(id, { transport, caller, lastUsed: Date.now(), open: 0 });
    this.sweeper ??= setInterval(() => this.sweep(), Math.min(60_000, Math.max(25, this.idleMs / 4)));
    this.sweeper.unref();
    const mine = [...this.sessions.values()].filter((session) => session.caller === caller);
    if (mine.length <= this.maxPerCaller) return;
    // The least recently used first, an idle one before one with a stream open.
    const oldest = mine
      .filter((session) => session.transport !== transport)
      .sort((a, b) => Number(a.open > 0) - Number(b.open > 0) || a.lastUsed - b.lastUsed)[0];
    void oldest?.transport.close().catch(() => undefined);
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  /** Marks the session in use until the returned function is called (the response's body is done). */
  use(id: string): () => void {
    const session = this.sessions.get(id);
    if (session === undefined) return () => {};
    session.open++;
    session.lastUsed = Date.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      session.open--;
      session.lastUsed = Date.now();
    };
  }

  async closeAll(): Promise<void> {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    this.sweeper = undefined;
    await Promise.allSettled([...this.sessions.values()].map(({ transport }) => transport.close()));
  }

  private sweep(): void {
    const now = Date.now();
    for (const session of this.sessions.values()) {
      if (session.open === 0 && now - session.lastUsed >= this.idleMs) {
        void session.transport.close().catch(() => undefined);
      }
    }
  }
}
