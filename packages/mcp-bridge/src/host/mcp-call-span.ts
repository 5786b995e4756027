import type { ToolOutput } from '@interlingua/core';
import { captureContentByDefault, startTelemetrySpan, type TelemetrySpan } from '@interlingua/core/adapter';
import type { McpServerConfig } from '../config/mcp-server-config';
import type { McpServerStatus } from './mcp-server-status';
import type { McpToolCallError } from './mcp-tool-call-error';

/** The connection a call goes over, as far as its span tells. */
type SpanConnection = {
  config: McpServerConfig;
  status(): Pick<McpServerStatus, 'transport' | 'protocolVersion'>;
};

/** How the bridge reports its calls to OpenTelemetry (through `@opentelemetry/api` when installed). */
export type McpTelemetryOptions = {
  /**
   * Put tool arguments and results on the spans (`gen_ai.tool.call.arguments`, `…result`). Off
   * unless `true` or `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`.
   */
  recordContent?: boolean;
};

/**
 * The client span of one `tools/call`, after the MCP semantic conventions: `tools/call {tool}`,
 * kind CLIENT, a child of the active span (the agent's `execute_tool`).
 *
 * @see https://github.com/open-telemetry/semantic-conventions-genai/blob/main/docs/gen-ai/mcp.md
 */
export function startMcpCallSpan(
  tool: string,
  args: Record<string, unknown>,
  connection: SpanConnection,
  options: McpTelemetryOptions | undefined,
): TelemetrySpan {
  const { transport, protocolVersion } = connection.status();
  const { address, port } = addressOf(connection.config);
  const span = startTelemetrySpan(`tools/call ${tool}`, {
    kind: 'client',
    scope: '@interlingua/mcp-bridge',
    attributes: {
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': tool,
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': protocolVersion,
      'network.transport': transport === undefined ? undefined : transport === 'stdio' ? 'pipe' : 'tcp',
      'network.protocol.name': transport === 'stdio' || transport === undefined ? undefined : 'http',
      'server.address': address,
      'server.port': port,
    },
  });
  if (span.recording && recordsContent(options)) span.set({ 'gen_ai.tool.call.arguments': JSON.stringify(args) });
  return span;
}

/** Ends the span: `isError: true` is `error.type` `tool_error`; a JSON-RPC error its code. */
export function endMcpCallSpan(
  span: TelemetrySpan,
  outcome: { output: ToolOutput } | { error: McpToolCallError },
  options: McpTelemetryOptions | undefined,
): void {
  if (span.recording) {
    if ('output' in outcome) {
      const text = outcome.output.content
        .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
        .join('\n');
      if (outcome.output.isError === true) span.fail(text, 'tool_error');
      else if (recordsContent(options)) span.set({ 'gen_ai.tool.call.result': text });
    } else {
      const { error } = outcome;
      const code = error.rpcCode === undefined ? undefined : String(error.rpcCode);
      span.set({ 'rpc.response.status_code': error.reason === 'rpc-error' ? code : undefined });
      span.fail(error, error.reason === 'rpc-error' && code !== undefined ? code : error.reason);
    }
  }
  span.end();
}

function recordsContent(options: McpTelemetryOptions | undefined): boolean {
  return options?.recordContent ?? captureContentByDefault();
}

type ServerAddress = { address: string | undefined; port: number | undefined };

// A config never changes: its URL is parsed once, not on every call.
const addresses = new WeakMap<McpServerConfig, ServerAddress>();

function addressOf(config: McpServerConfig): ServerAddress {
  let known = addresses.get(config);
  if (known === undefined) {
    const remote = config.type === 'stdio' ? undefined : safeUrl(config.url);
    known = {
      address: remote?.hostname,
      port: remote === undefined ? undefined : Number(remote.port || (remote.protocol === 'https:' ? 443 : 80)),
    };
    addresses.set(config, known);
  }
  return known;
}

function safeUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
