import type { StreamEvent } from '@interlingua/core';
import { renderHostedToolPart } from '@interlingua/core/adapter';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { convertToOpenAIUsage } from './convert-openai-usage';
import { OPENAI_PLACEHOLDER_ID } from './encode-openai-response';
import { convertToOpenAIFinishReason } from './map-openai-finish-reason';
import type { OpenAIChatChunk } from './openai-api';
import type { OpenAIEncodeResponseOptions } from './openai-compat';

type Delta = ChatCompletionChunk.Choice.Delta;

/**
 * Encodes IR stream events as `chat.completion.chunk` objects in the order the API sends
 * them: a first chunk with `role: 'assistant'`, content and refusal deltas, each tool call
 * as a head (`index`, `id`, `type`, `function.name`, empty `arguments`) followed by argument
 * fragments, a chunk with `finish_reason`, and last the usage chunk with empty `choices`
 * (unless `includeUsage: false`).
 *
 * IR events carry the id and model only on `finish`: chunks before it use `options.id`
 * (else a placeholder id) and `options.model`; the last chunks use the finish event's.
 * Reasoning deltas have no Chat Completions field and are left out; an `error` event is
 * rethrown, for the caller to frame as the provider does.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */
export async function* encodeOpenAIStream(
  events: AsyncIterable<StreamEvent>,
  options: OpenAIEncodeResponseOptions = {},
): AsyncIterable<OpenAIChatChunk> {
  const created = options.created ?? 0;
  let id = options.id ?? OPENAI_PLACEHOLDER_ID;
  let model = options.model ?? 'unknown';
  const includeUsage = options.includeUsage ?? true;
  // With `include_usage`, the API sends `usage: null` on every chunk before the last.
  const chunk = (delta: Delta, finishReason: ChatCompletionChunk.Choice['finish_reason'] = null): OpenAIChatChunk => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const calls = new Map<string, { index: number; sent: boolean }>();
  let started = false;

  for await (const event of events) {
    if (!started) {
      started = true;
      yield chunk({ role: 'assistant', content: '', refusal: null });
    }
    switch (event.type) {
      case 'text-delta':
        if (event.text === '') break;
        yield chunk(
          event.providerMetadata?.openai?.refusal === true ? { refusal: event.text } : { content: event.text },
        );
        break;
      case 'reasoning-delta':
        break;
      case 'hosted-tool-call':
      case 'hosted-tool-result':
        // No chunk field for a provider-run tool: its readable form goes as text.
        yield chunk({
          content: `${renderHostedToolPart(event.type === 'hosted-tool-call' ? event.call : event.result)}\n`,
        });
        break;
      case 'tool-call-start': {
        const index = calls.size;
        calls.set(event.id, { index, sent: false });
        yield chunk({
          tool_calls: [{ index, id: event.id, type: 'function', function: { name: event.name, arguments: '' } }],
        });
        break;
      }
      case 'tool-call-delta': {
        const call = calls.get(event.id);
        if (call === undefined || event.argsTextDelta === '') break;
        call.sent = true;
        yield chunk({ tool_calls: [{ index: call.index, function: { arguments: event.argsTextDelta } }] });
        break;
      }
      case 'tool-call-end': {
        const { toolCall } = event;
        let call = calls.get(toolCall.id);
        if (call === undefined) {
          call = { index: calls.size, sent: false };
          calls.set(toolCall.id, call);
          yield chunk({
            tool_calls: [
              {
                index: call.index,
                id: toolCall.id,
                type: 'function',
                function: { name: toolCall.name, arguments: '' },
              },
            ],
          });
        }
        // A call whose arguments were not streamed gets them whole here.
        if (!call.sent) {
          call.sent = true;
          const argsText = toolCall.argsText ?? JSON.stringify(toolCall.args);
          yield chunk({ tool_calls: [{ index: call.index, function: { arguments: argsText } }] });
        }
        break;
      }
      case 'finish': {
        if (options.id === undefined && event.id !== undefined) id = event.id;
        if (event.model !== undefined) model = event.model;
        yield chunk({}, convertToOpenAIFinishReason(event.finishReason));
        if (includeUsage) {
          yield {
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            choices: [],
            usage: convertToOpenAIUsage(event.usage),
          };
        }
        break;
      }
      case 'error':
        throw event.error;
      default: {
        const exhaustive: never = event;
        throw new Error(`Unknown stream event ${JSON.stringify(exhaustive)}`);
      }
    }
  }
}
