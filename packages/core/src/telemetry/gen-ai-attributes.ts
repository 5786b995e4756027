import { APICallError } from '../errors/api-call-error';
import { InterlinguaError } from '../errors/interlingua-error';
import type { ChatRequest } from '../ir/chat-request';
import type { Message } from '../ir/message';
import type { ModelResponse } from '../ir/model-response';
import type { Usage } from '../ir/usage';
import { isHostedTool } from '../tools/is-hosted-tool';
import type { TelemetryAttributes } from './telemetry-span';

// `gen_ai.provider.name` well-known values; other providers go by their own key.
const PROVIDER_NAMES: Record<string, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  gemini: 'gcp.gemini',
  google: 'gcp.gemini',
  vertex: 'gcp.vertex_ai',
  deepseek: 'deepseek',
  groq: 'groq',
  bedrock: 'aws.bedrock',
};

/**
 * The OpenTelemetry GenAI `gen_ai.provider.name` for an Interlingua provider key (`gemini` →
 * `gcp.gemini`); keys without a well-known value (`ollama`, `vllm`) are used as they are.
 *
 * @see https://github.com/open-telemetry/semantic-conventions-genai/blob/main/docs/gen-ai/gen-ai-spans.md
 */
export function genAiProviderName(provider: string): string {
  return Object.hasOwn(PROVIDER_NAMES, provider) ? (PROVIDER_NAMES[provider] as string) : provider;
}

/** The attributes a `chat {model}` span starts with: operation, provider, model and request settings. */
export function chatRequestAttributes(
  request: ChatRequest,
  model: { provider: string; modelId: string },
  stream: boolean,
): TelemetryAttributes {
  return {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': genAiProviderName(model.provider),
    'gen_ai.request.model': model.modelId,
    'gen_ai.request.max_tokens': request.maxOutputTokens,
    'gen_ai.request.temperature': request.temperature,
    'gen_ai.request.top_p': request.topP,
    'gen_ai.request.stop_sequences': request.stopSequences,
    'gen_ai.request.stream': stream ? true : undefined,
  };
}

/** Token counts as GenAI attributes (cache and reasoning counts only when reported). */
export function usageAttributes(usage: Usage): TelemetryAttributes {
  return {
    'gen_ai.usage.input_tokens': usage.inputTokens,
    'gen_ai.usage.output_tokens': usage.outputTokens,
    'gen_ai.usage.cache_read.input_tokens': usage.cachedInputTokens,
    'gen_ai.usage.cache_creation.input_tokens': usage.cacheWriteTokens,
    'gen_ai.usage.reasoning.output_tokens': usage.reasoningTokens,
  };
}

/** The attributes a `chat` span ends with: response model and id, finish reason, usage. */
export function chatResponseAttributes(response: ModelResponse): TelemetryAttributes {
  return {
    'gen_ai.response.model': response.model,
    'gen_ai.response.id': response.id,
    'gen_ai.response.finish_reasons': [response.finishReason],
    ...usageAttributes(response.usage),
  };
}

/**
 * The opt-in content attributes of a `chat` span, as JSON in the conventions' message format:
 * `gen_ai.system_instructions`, `gen_ai.input.messages`, `gen_ai.tool.definitions` (name and
 * description) and, with a response, `gen_ai.output.messages`. Binary data is left out.
 */
export function chatContentAttributes(request: ChatRequest, response?: ModelResponse): TelemetryAttributes {
  return {
    'gen_ai.system_instructions':
      request.system === undefined ? undefined : JSON.stringify([{ type: 'text', content: request.system }]),
    'gen_ai.input.messages': JSON.stringify(request.messages.map(toGenAiMessage)),
    'gen_ai.tool.definitions':
      request.tools === undefined
        ? undefined
        : JSON.stringify(
            request.tools.map((tool) =>
              isHostedTool(tool)
                ? { type: tool.kind }
                : { type: 'function', name: tool.name, description: tool.description },
            ),
          ),
    'gen_ai.output.messages':
      response === undefined
        ? undefined
        : JSON.stringify([{ ...toGenAiMessage(response.message), finish_reason: response.finishReason }]),
  };
}

function toGenAiMessage(message: Message): { role: string; parts: unknown[] } {
  switch (message.role) {
    case 'user':
      return {
        role: 'user',
        parts: message.content.map((part) => (part.type === 'text' ? text(part.text) : blob(part))),
      };
    case 'assistant':
      return {
        role: 'assistant',
        parts: message.content.map((part) => {
          if (part.type === 'text') return text(part.text);
          if (part.type === 'reasoning') return { type: 'reasoning', content: part.text };
          if (part.type === 'hosted-tool-call') return { type: 'server_tool_call', id: part.id, name: part.name };
          if (part.type === 'hosted-tool-result') return { type: 'server_tool_call_response', id: part.callId };
          return { type: 'tool_call', id: part.id, name: part.name, arguments: part.args };
        }),
      };
    case 'tool':
      return {
        role: 'tool',
        parts: message.content.map((result) => ({
          type: 'tool_call_response',
          id: result.toolCallId,
          result: result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n'),
        })),
      };
    default: {
      const exhaustive: never = message;
      return { role: String((exhaustive as { role?: unknown }).role), parts: [] };
    }
  }
}

function text(content: string) {
  return { type: 'text', content };
}

function blob(part: { type: 'image' | 'file'; mediaType?: string }) {
  return { type: 'blob', modality: part.type === 'image' ? 'image' : 'file', mime_type: part.mediaType };
}

/**
 * A low-cardinality `error.type` for what a call threw: the HTTP status of an `APICallError`,
 * the code of another Interlingua error, else the error's name (`_OTHER` for a non-error).
 */
export function errorTypeOf(error: unknown): string {
  if (APICallError.isInstance(error) && error.statusCode !== undefined) return String(error.statusCode);
  if (InterlinguaError.isInstance(error)) return error.code;
  if (error instanceof Error) return error.name;
  return '_OTHER';
}

/**
 * Whether message contents go on spans when the caller did not say: the
 * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT` variable, `true` to opt in. Off by default.
 */
export function captureContentByDefault(): boolean {
  return globalThis.process?.env?.['OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT']?.toLowerCase() === 'true';
}
