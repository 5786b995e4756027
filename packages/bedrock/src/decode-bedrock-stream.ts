import {
  APICallError,
  InvalidResponseError,
  type ProviderMetadata,
  type StreamEvent,
  safeParseWireResponse,
  type Usage,
  type Warning,
} from '@interlingua/core';
import {
  BEDROCK_STREAM_EXCEPTIONS,
  type BedrockStreamExceptionMember,
  bedrockStreamChunkSchema,
  bedrockStreamExceptionSchema,
} from './bedrock-api';
import { toolCallFromText } from './bedrock-tool-use';
import { convertBedrockUsage } from './convert-bedrock-usage';
import { bedrockResponseMetadata } from './decode-bedrock-response';
import { mapBedrockStopReason } from './map-bedrock-stop-reason';
import { readBedrockErrorBody } from './read-bedrock-error-body';

type OpenTool = { id: string; name: string; json: string };

/**
 * Decodes the events of a `ConverseStream` call — the `ConverseStreamOutput` members the SDK
 * yields (`{ messageStart }`, `{ contentBlockStart }`, `{ contentBlockDelta }`,
 * `{ contentBlockStop }`, `{ messageStop }`, `{ metadata }`) — into IR stream events. Text and
 * reasoning arrive as deltas (a `signature` delta closes a reasoning part, `redactedContent` is
 * one of its own); a `toolUse` block opens with `contentBlockStart`, streams its input as text
 * fragments and ends at `contentBlockStop`. `finish` is yielded once both `messageStop` (the
 * stop reason) and `metadata` (the usage) have arrived. An exception member
 * (`modelStreamErrorException`, `throttlingException`, …) ends the stream with an `error` event
 * carrying an `APICallError`; a stream that ends before `messageStop`, or a chunk that is not a
 * Converse event, with an `InvalidResponseError`.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
 */
export async function* decodeBedrockStream(chunks: AsyncIterable<unknown>): AsyncIterable<StreamEvent> {
  const tools = new Map<number, OpenTool>();
  let stop: { reason: string; fields: Record<string, unknown> | undefined } | undefined;
  let usage: Usage | undefined;
  let trace: Record<string, unknown> | undefined;
  // Bad counts of the metadata event, dropped: their warnings ride on `finish`.
  const usageWarnings: Warning[] = [];

  const finish = (warnings: Warning[]): StreamEvent => {
    const reason = stop?.reason ?? 'end_turn';
    const providerMetadata: ProviderMetadata | undefined = bedrockResponseMetadata(stop?.fields, trace);
    return {
      type: 'finish',
      finishReason: mapBedrockStopReason(reason),
      rawFinishReason: reason,
      usage: usage ?? { inputTokens: 0, outputTokens: 0 },
      warnings: [...usageWarnings, ...warnings],
      ...(providerMetadata === undefined ? {} : { providerMetadata }),
    };
  };

  for await (const chunk of chunks) {
    const exception = readException(chunk) ?? readBedrockErrorBody(chunk);
    if (exception !== undefined) {
      yield { type: 'error', error: exception };
      return;
    }
    const parsed = safeParseWireResponse(bedrockStreamChunkSchema, chunk, 'a Bedrock ConverseStream event');
    if (!parsed.success) {
      yield { type: 'error', error: parsed.error };
      return;
    }
    const event = parsed.value;
    if ('messageStart' in event) continue;
    if ('contentBlockStart' in event) {
      const { contentBlockIndex, start } = event.contentBlockStart;
      if (start.toolUse !== undefined) {
        tools.set(contentBlockIndex, { id: start.toolUse.toolUseId, name: start.toolUse.name, json: '' });
        yield { type: 'tool-call-start', id: start.toolUse.toolUseId, name: start.toolUse.name };
      }
      continue;
    }
    if ('contentBlockDelta' in event) {
      const { contentBlockIndex, delta } = event.contentBlockDelta;
      if (delta.text !== undefined) {
        if (delta.text !== '') yield { type: 'text-delta', text: delta.text };
      } else if (delta.toolUse !== undefined) {
        const tool = tools.get(contentBlockIndex);
        if (tool === undefined) {
          yield invalid(`a toolUse delta for block ${contentBlockIndex}, which no contentBlockStart opened`);
          return;
        }
        tool.json += delta.toolUse.input;
        if (delta.toolUse.input !== '')
          yield { type: 'tool-call-delta', id: tool.id, argsTextDelta: delta.toolUse.input };
      } else if (delta.reasoningContent !== undefined) {
        const reasoning = delta.reasoningContent;
        if (reasoning.redactedContent !== undefined)
          yield { type: 'reasoning-delta', text: '', redacted: reasoning.redactedContent };
        else if (reasoning.signature !== undefined)
          yield { type: 'reasoning-delta', text: reasoning.text ?? '', signature: reasoning.signature };
        else if (reasoning.text !== undefined && reasoning.text !== '')
          yield { type: 'reasoning-delta', text: reasoning.text };
      }
      // Other deltas (`citation`, `image`, `toolResult`) have no IR counterpart: see docs/providers/bedrock.md.
      continue;
    }
    if ('contentBlockStop' in event) {
      const tool = tools.get(event.contentBlockStop.contentBlockIndex);
      tools.delete(event.contentBlockStop.contentBlockIndex);
      if (tool !== undefined)
        yield { type: 'tool-call-end', toolCall: toolCallFromText(tool.id, tool.name, tool.json) };
      continue;
    }
    if ('messageStop' in event) {
      // A toolUse never closed (cut off by max_tokens) still ends, with argsError when its text is partial.
      for (const tool of tools.values())
        yield { type: 'tool-call-end', toolCall: toolCallFromText(tool.id, tool.name, tool.json) };
      tools.clear();
      stop = { reason: event.messageStop.stopReason, fields: event.messageStop.additionalModelResponseFields };
      if (usage !== undefined) {
        yield finish([]);
        return;
      }
      continue;
    }
    // `metadata`: the usage, after messageStop.
    usage = convertBedrockUsage(event.metadata.usage, usageWarnings, 'metadata.usage');
    trace = event.metadata.trace;
    if (stop !== undefined) {
      yield finish([]);
      return;
    }
  }
  if (stop !== undefined) {
    // The answer is complete, only the usage event is missing: finish, and say the counts are unknown.
    yield finish([
      {
        type: 'other',
        feature: 'usage',
        message: 'The Bedrock stream ended after messageStop without its metadata event: usage is reported as 0.',
      },
    ]);
    return;
  }
  yield invalid('the stream to end with messageStop, but it ended without one (connection cut?)');
}

function invalid(expected: string): StreamEvent {
  return { type: 'error', error: new InvalidResponseError({ message: `Expected ${expected}.` }) };
}

// `{ modelStreamErrorException: { message, originalStatusCode, originalMessage } }` and its kin.
function readException(chunk: unknown): APICallError | undefined {
  if (typeof chunk !== 'object' || chunk === null) return undefined;
  const keys = Object.keys(chunk);
  const member = keys[0];
  if (keys.length !== 1 || member === undefined || !Object.hasOwn(BEDROCK_STREAM_EXCEPTIONS, member)) return undefined;
  const known = BEDROCK_STREAM_EXCEPTIONS[member as BedrockStreamExceptionMember];
  const payload = bedrockStreamExceptionSchema.safeParse((chunk as Record<string, unknown>)[member]);
  const message = payload.success ? (payload.data.message ?? payload.data.originalMessage) : undefined;
  return new APICallError({
    message: message ?? `Bedrock ended the stream with ${known.type}.`,
    providerErrorType: known.type,
    isRetryable: known.retryable,
    responseBody: chunk,
  });
}
