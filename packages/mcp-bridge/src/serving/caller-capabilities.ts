import type { ClientCapabilities, Server, ServerContext } from '@modelcontextprotocol/server';

const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** The capabilities of the client a request comes from: its `_meta` (2026-07-28) or its session's handshake. */
export function callerCapabilities(instance: Server, ctx: ServerContext): ClientCapabilities | undefined {
  const declared = ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_KEY as never] as ClientCapabilities | undefined;
  return declared ?? instance.getClientCapabilities();
}
