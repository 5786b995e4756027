import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { McpProtocolEra } from '../transports/connect-mcp-client';

/** The `_meta` key of the log level a 2026-07-28 request asks the server to log at. */
const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';

/**
 * What the bridge adds to a request's `_meta` in the 2026-07-28 era, where there is no session to
 * hold it: the log level (there is no `logging/setLevel` any more) and the W3C trace context
 * (`traceparent`, `tracestate`) of the call's span, so the server's work joins the model call's
 * trace. The SDK adds the protocol version, client info and capabilities itself. A legacy request
 * gets nothing: it stays what it was.
 */
export function eraMeta(
  era: McpProtocolEra | undefined,
  logLevel: LoggingLevel | undefined,
  traceContext: Record<string, string> | undefined,
): Record<string, unknown> | undefined {
  if (era !== 'modern') return undefined;
  const meta: Record<string, unknown> = { ...traceContext };
  if (logLevel !== undefined) meta[LOG_LEVEL_KEY] = logLevel;
  return Object.keys(meta).length === 0 ? undefined : meta;
}
