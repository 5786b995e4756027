import type { ServerContext } from '@modelcontextprotocol/server';
import type { McpInputRound } from '../host/send-mcp-tool-call';
import type { AggregatorContext } from './aggregator-context';
import { callerCapabilities } from './caller-capabilities';

/**
 * What a request forwarded to `server` passes on of its client's multi-round-trip state, when
 * `server` is spoken to in the 2026-07-28 era: the client's `inputResponses` and `requestState`
 * (the upstream's own, round-tripped through the client untouched) and the client's capabilities,
 * so the upstream asks only what this client can answer and keys its questions its own way.
 * `undefined` for a legacy upstream: its requests to its client arrive one by one, without keys,
 * and the relay hub turns them into the client's input requests.
 */
export function inputRoundOf(
  context: AggregatorContext,
  ctx: ServerContext,
  server: string,
): McpInputRound | undefined {
  const status = context.bridge.servers.find((candidate) => candidate.name === server);
  if (status?.era !== 'modern') return undefined;
  const requestState = ctx.mcpReq.requestState();
  return {
    inputResponses: ctx.mcpReq.inputResponses,
    requestState: typeof requestState === 'string' ? requestState : undefined,
    clientCapabilities: callerCapabilities(context.server, ctx),
  };
}
