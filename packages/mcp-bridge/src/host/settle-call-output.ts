import type { ToolOutput } from '@interlingua/core';
import type { CompatibilityCallToolResult } from '@modelcontextprotocol/client';
import { capToolOutput } from './cap-tool-output';
import { convertCallToolResult } from './convert-call-tool-result';
import type { McpBridgeEvent } from './mcp-bridge-event';

/**
 * The `ToolOutput` of a `tools/call` result, capped at `maxResultBytes`, with the events it
 * calls for: `result-truncated` when text was cut, `tool-error` for an `isError` result.
 */
export function settleCallOutput(
  result: CompatibilityCallToolResult,
  call: { server: string; tool: string; toolCallId: string | undefined; maxResultBytes: number },
  emit: (event: McpBridgeEvent) => void,
): ToolOutput {
  const { server, tool, toolCallId } = call;
  const { output, textBytes, cutBytes } = capToolOutput(convertCallToolResult(result), call.maxResultBytes);
  // Resource parts name their server, so `bridge.readResourceLink(part)` knows where to read.
  for (const part of output.content) {
    const mcp = part.providerMetadata?.['mcp'];
    if (typeof mcp === 'object' && mcp !== null && 'uri' in mcp) {
      part.providerMetadata = { ...part.providerMetadata, mcp: { ...mcp, server } };
    }
  }
  if (cutBytes > 0) emit({ type: 'result-truncated', server, tool, toolCallId, textBytes, cutBytes });
  if (output.isError === true) {
    const text = output.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
    emit({ type: 'tool-error', server, tool, toolCallId, text });
  }
  return output;
}
