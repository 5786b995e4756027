import type { LoggingLevel, Notification, ProgressToken, Server, ServerContext } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import type { McpBridge } from '../host/mcp-bridge';
import type { McpInputRound } from '../host/send-mcp-tool-call';
import { callerCapabilities } from './caller-capabilities';
import type { McpAuditOptions } from './mcp-audit-line';
import type { McpCaller } from './mcp-caller';
import type { McpRequestRelayHub, RelayedFlight } from './mcp-request-relay-hub';
import type { McpServedTool } from './mcp-served-tool';
import type { ServedNames } from './served-names';

const SEVERITY: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** Whether a message at `level` passes a client's `minimum` (none set: everything passes). */
export function passesLevel(level: LoggingLevel, minimum: LoggingLevel | undefined | null): boolean {
  if (minimum === null) return false;
  return minimum === undefined || SEVERITY.indexOf(level) >= SEVERITY.indexOf(minimum);
}

/** Where one round of a relayed request sends its progress and log lines. */
export type RoundOwner = {
  instance: Server;
  notify: (notification: Notification) => Promise<void>;
  progressToken: ProgressToken | undefined;
  /** The least severe level the client wants; `undefined` all, `null` none. */
  logLevel: LoggingLevel | undefined | null;
};

/** What the aggregator's handlers share, per served instance. */
export type AggregatorContext = {
  bridge: McpBridge;
  server: Server;
  names: ServedNames;
  hub: McpRequestRelayHub;
  own: Map<string, McpServedTool>;
  pageSize: number;
  callTimeout: number | undefined;
  /** The level a 2025-era client set with `logging/setLevel`. */
  logLevel: LoggingLevel | undefined;
  /** Served URIs this client subscribed to, each with the function that lets go of its upstream watch. */
  subscriptions: Map<string, () => Promise<void>>;
  /** Set once the instance is detached from the bridge: no new watch is kept. */
  disposed: boolean;
  /** Who this instance serves: what it lists and lets through. */
  caller: McpCaller;
  /** Where `tools/call`, `resources/read` and `prompts/get` are logged. */
  audit: McpAuditOptions;
};

/** The owner of a round from the handler's context: the request's own progress token and log level. */
export function roundOwner(context: AggregatorContext, ctx: ServerContext): RoundOwner {
  const envelopeLevel = ctx.mcpReq.envelope?.['io.modelcontextprotocol/logLevel' as never] as LoggingLevel | undefined;
  // A 2026-07-28 request hears log lines only when its `_meta` names a level.
  const modern = (context.server.getNegotiatedProtocolVersion() ?? '') >= '2026-07-28';
  return {
    instance: context.server,
    notify: (notification) => ctx.mcpReq.notify(notification).catch(() => {}),
    progressToken: ctx.mcpReq._meta?.progressToken,
    logLevel: modern ? (envelopeLevel ?? null) : context.logLevel,
  };
}

/**
 * Runs a request forwarded to `server` as a relayed flight: the upstream result, or — when the
 * upstream asks its client something meanwhile — an `InputRequiredResult` carrying the questions.
 * With `input` (a 2026-07-28 upstream) the client's round goes upstream as it is and the upstream's
 * own `InputRequiredResult` comes back in the result: the flight only routes progress and logs.
 */
export async function forwardRelayed<T>(
  context: AggregatorContext,
  ctx: ServerContext,
  server: string,
  start: (flight: RelayedFlight<T>) => Promise<T>,
  input?: McpInputRound,
): Promise<T | ReturnType<typeof inputRequired>> {
  const round = await context.hub.run(
    server,
    roundOwner(context, ctx),
    {
      requestState: input === undefined ? ctx.mcpReq.requestState() : undefined,
      inputResponses: input === undefined ? ctx.mcpReq.inputResponses : undefined,
      signal: ctx.mcpReq.signal,
      capabilities: callerCapabilities(context.server, ctx),
    },
    start,
  );
  if (round.done) return round.value;
  return inputRequired({ inputRequests: round.inputRequests as never, requestState: round.requestState });
}

/** Sends upstream progress to the owner of the current round, under the client's own token. */
export function progressTo(flight: RelayedFlight<unknown>) {
  return (progress: { progress: number; total?: number | undefined; message?: string | undefined }) => {
    const owner = flight.owner as RoundOwner;
    if (owner.progressToken === undefined) return;
    void owner.notify({
      method: 'notifications/progress',
      params: {
        progressToken: owner.progressToken,
        progress: progress.progress,
        ...(progress.total === undefined ? {} : { total: progress.total }),
        ...(progress.message === undefined ? {} : { message: progress.message }),
      },
    });
  };
}
