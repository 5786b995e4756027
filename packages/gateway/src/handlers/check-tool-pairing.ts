import type { ChatRequest } from '@interlingua/core';
import { GatewayError } from '../errors/gateway-error';

/**
 * Refuses a history whose tool results do not pair with calls, before any backend sees it:
 * every result must answer a call of the assistant turn right before it, and only once.
 * Every provider rejects such a history anyway (Anthropic: "unexpected tool_use_id"; OpenAI:
 * "tool messages must follow tool_calls"); answering 400 here names the call instead of
 * forwarding a translation that fails upstream, or that a lenient backend silently misreads.
 */
export function checkToolPairing(request: ChatRequest): void {
  const messages = request.messages;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (message?.role !== 'tool') continue;
    const previous = messages[index - 1];
    const calls = new Set<string>();
    if (previous?.role === 'assistant') {
      for (const part of previous.content) if (part.type === 'tool-call') calls.add(part.id);
    }
    const answered = new Set<string>();
    for (const result of message.content) {
      if (!calls.has(result.toolCallId)) {
        throw new GatewayError({
          type: 'invalid_request',
          message: `Expected each tool result to answer a tool call of the assistant turn right before it; the result for "${result.toolCallId}" answers none.`,
        });
      }
      if (answered.has(result.toolCallId)) {
        throw new GatewayError({
          type: 'invalid_request',
          message: `Expected one tool result per tool call; "${result.toolCallId}" is answered twice.`,
        });
      }
      answered.add(result.toolCallId);
    }
  }
}
