import { APICallError, InvalidResponseError, type StreamEvent, type Usage, type Warning } from '@interlingua/core';
import { convertOpenAIUsage } from './convert-openai-usage';
import { toToolCall } from './decode-openai-response';
import { mapOpenAIFinishReason } from './map-openai-finish-reason';
import { safeParseOpenAIChunk } from './parse-openai-response';

type StreamingCall = { id: string | undefined; name: string | undefined; argsText: string; started: boolean };

/**
 * Decodes Chat Completions stream chunks (as the `openai` SDK yields them) into IR events.
 *
 * Tool calls are merged by `index`: the id and name come in the first fragment, argument
 * fragments may split anywhere (inside `\u` escapes or characters). Usage comes from the
 * trailing chunk with empty `choices` (`stream_options.include_usage`); the `finish` event
 * is emitted once the stream ends, so it carries that usage. A refusal (`delta.refusal`)
 * gives `finishReason: 'refusal'`. A stream that ends without a `finish_reason` (cut off: a
 * retryable `APICallError`), a chunk that cannot be read, an error chunk (`{ "error": … }`, as an
 * `APICallError`) or an error thrown by the chunk source ends in an `error` event, carrying the
 * usage when a chunk had reported it. Bad usage counts are dropped with a warning on the
 * `finish` event.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */
export async function* decodeOpenAIStream(chunks: AsyncIterable<unknown>): AsyncIterable<StreamEvent> {
  const calls = new Map<number, StreamingCall>();
  let id: string | undefined;
  let model: string | undefined;
  let rawFinishReason: string | undefined;
  let usage: Usage | undefined;
  let usageWarnings: Warning[] = [];
  let refused = false;
  // The failure, with the tokens reported before it (servers that send usage on every chunk).
  const failed = (error: unknown): StreamEvent =>
    usage === undefined ? { type: 'error', error } : { type: 'error', error, usage };

  try {
    for await (const chunk of chunks) {
      const parsed = safeParseOpenAIChunk(chunk);
      if (!parsed.success) {
        yield failed(parsed.error);
        return;
      }
      const data = parsed.value;
      // Every chunk of one completion repeats the id and model; the last one wins.
      if (data.id) id = data.id;
      if (data.model) model = data.model;
      if (data.usage !== undefined && data.usage !== null) {
        // The last usage wins, with the warnings of that one only.
        usageWarnings = [];
        usage = convertOpenAIUsage(data.usage, usageWarnings);
      }
      for (const choice of data.choices) {
        if ((choice.index ?? 0) !== 0) continue;
        const delta = choice.delta;
        if (delta) {
          if (delta.reasoning_content) yield { type: 'reasoning-delta', text: delta.reasoning_content };
          if (delta.content) yield { type: 'text-delta', text: delta.content };
          if (delta.refusal) {
            refused = true;
            yield { type: 'text-delta', text: delta.refusal, providerMetadata: { openai: { refusal: true } } };
          }
          const fragments = delta.tool_calls ?? [];
          for (let position = 0; position < fragments.length; position++) {
            const fragment = fragments[position];
            if (fragment === undefined) continue;
            // Servers that send whole calls in one delta sometimes omit `index`.
            const index = fragment.index ?? position;
            let call = calls.get(index);
            if (call === undefined) {
              call = { id: undefined, name: undefined, argsText: '', started: false };
              calls.set(index, call);
            }
            if (fragment.id) call.id ??= fragment.id;
            if (fragment.function?.name) call.name ??= fragment.function.name;
            const argsTextDelta = fragment.function?.arguments ?? '';
            call.argsText += argsTextDelta;
            if (!call.started && call.name !== undefined) {
              call.started = true;
              call.id ??= `call_${index}`;
              yield { type: 'tool-call-start', id: call.id, name: call.name };
              // Fragments that arrived before the name are flushed at once.
              if (call.argsText !== '') yield { type: 'tool-call-delta', id: call.id, argsTextDelta: call.argsText };
            } else if (call.started && argsTextDelta !== '') {
              yield { type: 'tool-call-delta', id: call.id as string, argsTextDelta };
            }
          }
        }
        if (choice.finish_reason) rawFinishReason = choice.finish_reason;
      }
    }
  } catch (error) {
    yield failed(error);
    return;
  }

  if (rawFinishReason === undefined) {
    yield failed(
      new APICallError({
        message:
          'Expected a chunk with a finish_reason, but the stream ended without one (the connection was cut off).',
        isRetryable: true,
      }),
    );
    return;
  }
  for (const [index, call] of [...calls.entries()].sort(([a], [b]) => a - b)) {
    if (!call.started) {
      yield failed(
        new InvalidResponseError({ message: `Expected a function name for tool call #${index}, got none.` }),
      );
      return;
    }
    yield { type: 'tool-call-end', toolCall: toToolCall(call.id as string, call.name as string, call.argsText) };
  }
  yield {
    type: 'finish',
    finishReason: mapOpenAIFinishReason(rawFinishReason, refused, calls.size > 0),
    rawFinishReason,
    usage: usage ?? { inputTokens: 0, outputTokens: 0 },
    ...(id === undefined ? {} : { id }),
    ...(model === undefined ? {} : { model }),
    warnings: usageWarnings,
  };
}
