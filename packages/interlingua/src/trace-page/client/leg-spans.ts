import type { TraceLine } from '../../trace/trace-line-schema';

/** When a leg began and ended, in the trace's milliseconds; a frame without an answer is a point. */
export type Span = { start: number; end: number };

/** The key of a model call's attempt: request and response lines carry the same one. */
const callKey = (line: { call: number | null; attempt: number; requestId?: string | undefined }) =>
  `${line.requestId ?? ''}|${line.call ?? '?'}|${line.attempt}`;

/**
 * The span of every leg for the waterfall, from the trace's own timings: a model call from its
 * response's `durationMs` (both its legs share the bar), an MCP request until the answer with its
 * id, a tool call until its result, a gateway request until its answer; anything else is a point.
 */
export function legSpans(lines: readonly TraceLine[]): Map<number, Span> {
  const spans = new Map<number, Span>();
  const modelRequests = new Map<string, TraceLine>();
  const mcpSends = new Map<string, TraceLine>();
  const toolCalls = new Map<string, TraceLine>();
  const gatewayRequests = new Map<string, TraceLine>();
  for (const line of lines) {
    spans.set(line.seq, { start: line.ms, end: line.ms });
    switch (line.type) {
      case 'model-request':
        modelRequests.set(callKey(line), line);
        break;
      case 'model-response': {
        const request = modelRequests.get(callKey(line));
        const start = Math.min(request?.ms ?? line.ms, line.ms - line.durationMs);
        const span = { start: Math.max(0, start), end: line.ms };
        spans.set(line.seq, span);
        if (request !== undefined) spans.set(request.seq, span);
        break;
      }
      case 'mcp': {
        const id = (line.message as { id?: unknown } | undefined)?.id;
        if (id === undefined) break;
        const key = `${line.server}|${JSON.stringify(id)}`;
        if (line.direction === 'send') mcpSends.set(key, line);
        else {
          const sent = mcpSends.get(key);
          if (sent === undefined) break;
          const span = { start: sent.ms, end: line.ms };
          spans.set(sent.seq, span);
          spans.set(line.seq, span);
        }
        break;
      }
      case 'tool-call': {
        const id = (line.toolCall as { id?: unknown }).id;
        if (typeof id === 'string') toolCalls.set(id, line);
        break;
      }
      case 'tool-result': {
        const call = toolCalls.get(line.toolCallId);
        const span = { start: call?.ms ?? Math.max(0, line.ms - line.durationMs), end: line.ms };
        spans.set(line.seq, span);
        if (call !== undefined) spans.set(call.seq, span);
        break;
      }
      case 'gateway-request':
        gatewayRequests.set(line.requestId, line);
        break;
      case 'gateway-response': {
        const request = gatewayRequests.get(line.requestId);
        const span = { start: request?.ms ?? Math.max(0, line.ms - line.durationMs), end: line.ms };
        spans.set(line.seq, span);
        if (request !== undefined) spans.set(request.seq, span);
        break;
      }
      default:
        break;
    }
  }
  return spans;
}
