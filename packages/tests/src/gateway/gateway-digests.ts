import type { AssistantContentPart, ChatRequest, ModelResponse, ToolResult, UserContentPart } from '@interlingua/core';
import { isHostedTool } from '@interlingua/core';

type ContentPart = AssistantContentPart | UserContentPart | ToolResult;

import type { WireFormat } from './gateway-harness';

/**
 * What each wire format can carry, from the provider references: Gemini has no call ids of its
 * own (they are synthesized); Chat Completions has no reasoning in its answers; only the
 * Messages API carries a thinking signature as such.
 */
export const CARRIES: Record<WireFormat, { ids: boolean; reasoning: boolean; signature: boolean }> = {
  openai: { ids: true, reasoning: false, signature: false },
  anthropic: { ids: true, reasoning: true, signature: true },
  gemini: { ids: false, reasoning: true, signature: false },
};

/** What survives between two formats: what both carry. */
export function carried(a: WireFormat, b: WireFormat) {
  return {
    ids: CARRIES[a].ids && CARRIES[b].ids,
    reasoning: CARRIES[a].reasoning && CARRIES[b].reasoning,
    signature: CARRIES[a].signature && CARRIES[b].signature,
  };
}

/** The meaning of a response, as far as both formats carry it: text, calls, reasoning, finish, usage. */
export function responseDigest(response: ModelResponse, carry: ReturnType<typeof carried>) {
  const parts = response.message.content;
  return {
    text: parts.map((part) => (part.type === 'text' ? part.text : '')).join(''),
    calls: parts.flatMap((part) =>
      part.type === 'tool-call' ? [{ ...(carry.ids ? { id: part.id } : {}), name: part.name, args: part.args }] : [],
    ),
    reasoning: carry.reasoning
      ? parts.flatMap((part) =>
          part.type === 'reasoning'
            ? [{ text: part.text, ...(carry.signature ? { signature: part.signature } : {}) }]
            : [],
        )
      : [],
    finishReason: response.finishReason,
    usage: {
      input: response.usage.inputTokens,
      output: response.usage.outputTokens,
      cached: response.usage.cachedInputTokens ?? 0,
    },
  };
}

/** The meaning of a request: system, tools, and every message's parts (ids only when both formats carry them). */
export function requestDigest(request: ChatRequest, carry: ReturnType<typeof carried>) {
  return {
    system: request.system,
    tools: (request.tools ?? []).map((tool) => (isHostedTool(tool) ? `hosted:${tool.kind}` : tool.name)),
    maxOutputTokens: request.maxOutputTokens,
    messages: request.messages.map((message) => ({
      role: message.role,
      parts: (message.content as readonly ContentPart[]).flatMap((part): Record<string, unknown>[] => {
        switch (part.type) {
          case 'text':
            return [{ text: part.text }];
          case 'image':
            return [{ image: part.mediaType }];
          case 'file':
            return [{ file: part.mediaType }];
          case 'reasoning':
            return [];
          case 'tool-call':
            return [{ call: part.name, args: part.args, ...(carry.ids ? { id: part.id } : {}) }];
          case 'tool-result':
            return [
              {
                result: part.toolName,
                isError: part.isError,
                ...(carry.ids ? { id: part.toolCallId } : {}),
                content: part.content.map((inner) =>
                  inner.type === 'text' ? { text: inner.text } : { media: inner.type },
                ),
              },
            ];
          default:
            return [];
        }
      }),
    })),
  };
}
