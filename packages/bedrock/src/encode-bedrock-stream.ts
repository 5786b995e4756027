import type { EncodeResponseOptions, StreamEvent } from '@interlingua/core';
import { renderHostedToolPart } from '@interlingua/core/adapter';
import { BEDROCK_STREAM_EXCEPTIONS, type BedrockStreamExceptionMember } from './bedrock-api';
import { convertToBedrockToolInput } from './bedrock-tool-use';
import { convertToBedrockUsage } from './convert-bedrock-usage';
import { isObject } from './encode-bedrock-response';
import { convertToBedrockFinishReason } from './map-bedrock-stop-reason';

/** One `ConverseStreamOutput` member: `{ messageStart: { role } }`, `{ contentBlockDelta: { … } }`, … */
export type BedrockStreamChunk = { [member: string]: Record<string, unknown> };

type Current = { kind: 'text' | 'reasoning' | 'tool'; index: number; id?: string; sentArgs?: boolean };

/**
 * Encodes IR stream events as the `ConverseStream` event sequence (the gateway direction):
 * `messageStart`, then per part `contentBlockDelta`s with increasing `contentBlockIndex` (a tool
 * call opens with `contentBlockStart`) and `contentBlockStop`, then `messageStop` with the stop
 * reason and `metadata` with the usage. An `error` event becomes the exception member its
 * `providerErrorType` names (`ThrottlingException` → `throttlingException`, default
 * `modelStreamErrorException`) and ends the stream.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
 */
export async function* encodeBedrockStream(
  events: AsyncIterable<StreamEvent>,
  _options: EncodeResponseOptions = {},
): AsyncIterable<BedrockStreamChunk> {
  let nextIndex = 0;
  let current: Current | undefined;
  yield { messageStart: { role: 'assistant' } };

  function* close(): Generator<BedrockStreamChunk> {
    if (current === undefined) return;
    yield { contentBlockStop: { contentBlockIndex: current.index } };
    current = undefined;
  }
  function* open(kind: Current['kind'], id?: string): Generator<BedrockStreamChunk, number> {
    yield* close();
    current = { kind, index: nextIndex++, ...(id === undefined ? {} : { id }) };
    return current.index;
  }
  const delta = (index: number, value: Record<string, unknown>): BedrockStreamChunk => ({
    contentBlockDelta: { contentBlockIndex: index, delta: value },
  });

  for await (const event of events) {
    switch (event.type) {
      case 'text-delta': {
        if (event.text === '') break;
        const index = current?.kind === 'text' ? current.index : yield* open('text');
        yield delta(index, { text: event.text });
        break;
      }
      case 'hosted-tool-call':
      case 'hosted-tool-result': {
        // Converse has no provider-run tools: the readable form goes as text.
        const index = current?.kind === 'text' ? current.index : yield* open('text');
        yield delta(index, {
          text: renderHostedToolPart(event.type === 'hosted-tool-call' ? event.call : event.result),
        });
        break;
      }
      case 'reasoning-delta': {
        if (event.redacted !== undefined) {
          const index = yield* open('reasoning');
          yield delta(index, { reasoningContent: { redactedContent: event.redacted } });
          yield* close();
          break;
        }
        const index = current?.kind === 'reasoning' ? current.index : yield* open('reasoning');
        if (event.text !== '') yield delta(index, { reasoningContent: { text: event.text } });
        if (event.signature !== undefined) {
          yield delta(index, { reasoningContent: { signature: event.signature } });
          yield* close();
        }
        break;
      }
      case 'tool-call-start': {
        const index = yield* open('tool', event.id);
        yield {
          contentBlockStart: {
            contentBlockIndex: index,
            start: { toolUse: { toolUseId: event.id, name: event.name } },
          },
        };
        break;
      }
      case 'tool-call-delta':
        if (current?.kind === 'tool' && current.id === event.id && event.argsTextDelta !== '') {
          current.sentArgs = true;
          yield delta(current.index, { toolUse: { input: event.argsTextDelta } });
        }
        break;
      case 'tool-call-end': {
        const call = event.toolCall;
        if (current?.kind !== 'tool' || current.id !== call.id) {
          const index = yield* open('tool', call.id);
          yield {
            contentBlockStart: {
              contentBlockIndex: index,
              start: { toolUse: { toolUseId: call.id, name: call.name } },
            },
          };
        }
        if (current !== undefined && current.sentArgs !== true)
          yield delta(current.index, {
            toolUse: { input: call.argsText ?? JSON.stringify(convertToBedrockToolInput(call)) },
          });
        yield* close();
        break;
      }
      case 'finish': {
        yield* close();
        const metadata = event.providerMetadata?.bedrock;
        const fields = metadata?.additionalModelResponseFields;
        yield {
          messageStop: {
            stopReason: convertToBedrockFinishReason(event.finishReason, event.rawFinishReason),
            ...(isObject(fields) ? { additionalModelResponseFields: fields } : {}),
          },
        };
        yield {
          metadata: {
            usage: convertToBedrockUsage(event.usage),
            metrics: { latencyMs: 0 },
            ...(isObject(metadata?.trace) ? { trace: metadata.trace } : {}),
          },
        };
        return;
      }
      case 'error': {
        yield* close();
        yield exceptionChunk(event.error);
        return;
      }
      default: {
        const exhaustive: never = event;
        throw new Error(`Unknown stream event ${JSON.stringify(exhaustive)}`);
      }
    }
  }
}

function exceptionChunk(error: unknown): BedrockStreamChunk {
  const field = (name: string): unknown =>
    isObject(error) || error instanceof Error ? (error as unknown as Record<string, unknown>)[name] : undefined;
  const type = field('providerErrorType');
  const message = field('message');
  const member = (Object.keys(BEDROCK_STREAM_EXCEPTIONS) as BedrockStreamExceptionMember[]).find(
    (key) => BEDROCK_STREAM_EXCEPTIONS[key].type === type,
  );
  return {
    [member ?? 'modelStreamErrorException']: { message: typeof message === 'string' ? message : String(error) },
  };
}
