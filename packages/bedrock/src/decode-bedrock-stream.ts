import {
  APICallError,
  InvalidResponseError,
  type ProviderMetadata,
  type StreamEvent,
  type Usage,
  type Warning,
} from '@interlingua/core';
import { isWireRecord, safeParseWireResponse } from '@interlingua/core/adapter';
import {
  BEDROCK_STREAM_EXCEPTIONS,
  type BedrockStreamChunkIn,
  type BedrockStreamExceptionMember,
  bedrockStreamChunkSchema,
  bedrockStreamExceptionSchema,
  isBedrockStreamMember,
} from './bedrock-api';
import { toolCallFromText } from './bedrock-tool-use';
import { convertBedrockUsage } from './convert-bedrock-usage';
import { bedrockResponseMetadata } from './decode-bedrock-response';
import { mapBedrockStopReason } from './map-bedrock-stop-reason';
import { readBedrockErrorBody } from './read-bedrock-error-body';

type OpenTool = { id: string; name: string; json: string };
// The payload of one member of a ConverseStream event, as the guard or the schema passed it.
type Member<K extends string> = Extract<BedrockStreamChunkIn, Record<K, unknown>>[K];

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
  const decoder = new BedrockStreamDecoder();
  const events: StreamEvent[] = [];
  for await (const chunk of chunks) {
    const done = decoder.push(chunk, events);
    for (const event of events) yield event;
    events.length = 0;
    if (done) return;
  }
  decoder.end(events);
  for (const event of events) yield event;
}

/**
 * {@link decodeBedrockStream} as a push decoder, for a transport that reads the SDK's stream
 * itself (no async generator between the SDK and the caller): `push` each chunk, then `end` at
 * the end of the input. Both append the IR events they produce to `out`; `push` returns `true`
 * once the stream is over (after `finish` or an `error` event), when the rest must not be read.
 */
export class BedrockStreamDecoder {
  private readonly tools = new Map<number, OpenTool>();
  private stop: { reason: string; fields: Record<string, unknown> | undefined } | undefined;
  private usage: Usage | undefined;
  private trace: Record<string, unknown> | undefined;
  // Bad counts of the metadata event, dropped: their warnings ride on `finish`.
  private readonly usageWarnings: Warning[] = [];

  /** Decodes one chunk into `out`; `true` when the stream is over. */
  push(chunk: unknown, out: StreamEvent[]): boolean {
    // The common events pass the guard; an exception member or an error body never does.
    if (isWireRecord(chunk)) {
      const keys = Object.keys(chunk);
      const member = keys[0];
      if (keys.length === 1 && member !== undefined && isBedrockStreamMember(member, chunk[member]))
        return this.read(member, chunk[member], out);
    }
    const exception = readException(chunk) ?? readBedrockErrorBody(chunk);
    if (exception !== undefined) {
      out.push({ type: 'error', error: exception });
      return true;
    }
    const parsed = safeParseWireResponse(bedrockStreamChunkSchema, chunk, 'a Bedrock ConverseStream event');
    if (!parsed.success) {
      out.push({ type: 'error', error: parsed.error });
      return true;
    }
    // The schema's output has exactly the one member it matched.
    const member = Object.keys(parsed.value)[0] as string;
    return this.read(member, (parsed.value as Record<string, unknown>)[member], out);
  }

  /**
   * `push({ [member]: payload })` without the wrapper object, for a reader that has the two apart
   * (an event-stream frame's `:event-type` and its JSON payload).
   */
  pushMember(member: string, payload: unknown, out: StreamEvent[]): boolean {
    if (isBedrockStreamMember(member, payload)) return this.read(member, payload, out);
    return this.push({ [member]: payload }, out);
  }

  // One event the guard or the schema passed, by its member.
  private read(member: string, payload: unknown, out: StreamEvent[]): boolean {
    switch (member) {
      case 'contentBlockDelta': {
        const { contentBlockIndex, delta } = payload as Member<'contentBlockDelta'>;
        if (delta.text !== undefined) {
          if (delta.text !== '') out.push({ type: 'text-delta', text: delta.text });
        } else if (delta.toolUse !== undefined) {
          const tool = this.tools.get(contentBlockIndex);
          if (tool === undefined) {
            out.push(invalid(`a toolUse delta for block ${contentBlockIndex}, which no contentBlockStart opened`));
            return true;
          }
          tool.json += delta.toolUse.input;
          if (delta.toolUse.input !== '')
            out.push({ type: 'tool-call-delta', id: tool.id, argsTextDelta: delta.toolUse.input });
        } else if (delta.reasoningContent !== undefined) {
          const reasoning = delta.reasoningContent;
          if (reasoning.redactedContent !== undefined)
            out.push({ type: 'reasoning-delta', text: '', redacted: reasoning.redactedContent });
          else if (reasoning.signature !== undefined)
            out.push({ type: 'reasoning-delta', text: reasoning.text ?? '', signature: reasoning.signature });
          else if (reasoning.text !== undefined && reasoning.text !== '')
            out.push({ type: 'reasoning-delta', text: reasoning.text });
        }
        // Other deltas (`citation`, `image`, `toolResult`) have no IR counterpart: see docs/providers/bedrock.md.
        return false;
      }
      case 'messageStart':
        return false;
      case 'contentBlockStart': {
        const { contentBlockIndex, start } = payload as Member<'contentBlockStart'>;
        if (start.toolUse !== undefined) {
          this.tools.set(contentBlockIndex, { id: start.toolUse.toolUseId, name: start.toolUse.name, json: '' });
          out.push({ type: 'tool-call-start', id: start.toolUse.toolUseId, name: start.toolUse.name });
        }
        return false;
      }
      case 'contentBlockStop': {
        const { contentBlockIndex } = payload as Member<'contentBlockStop'>;
        const tool = this.tools.get(contentBlockIndex);
        this.tools.delete(contentBlockIndex);
        if (tool !== undefined)
          out.push({ type: 'tool-call-end', toolCall: toolCallFromText(tool.id, tool.name, tool.json) });
        return false;
      }
      case 'messageStop': {
        const messageStop = payload as Member<'messageStop'>;
        // A toolUse never closed (cut off by max_tokens) still ends, with argsError when its text is partial.
        for (const tool of this.tools.values())
          out.push({ type: 'tool-call-end', toolCall: toolCallFromText(tool.id, tool.name, tool.json) });
        this.tools.clear();
        this.stop = { reason: messageStop.stopReason, fields: messageStop.additionalModelResponseFields };
        if (this.usage === undefined) return false;
        out.push(this.finish([]));
        return true;
      }
      case 'metadata': {
        // The usage, after messageStop.
        const metadata = payload as Member<'metadata'>;
        this.usage = convertBedrockUsage(metadata.usage, this.usageWarnings, 'metadata.usage');
        this.trace = metadata.trace;
        if (this.stop === undefined) return false;
        out.push(this.finish([]));
        return true;
      }
      default:
        // Never: the guard and the schema pass only the members above.
        return false;
    }
  }

  /** The input ended (without `push` having returned `true`): `finish`, or the error of a cut stream, into `out`. */
  end(out: StreamEvent[]): void {
    if (this.stop === undefined) {
      out.push(invalid('the stream to end with messageStop, but it ended without one (connection cut?)'));
      return;
    }
    // The answer is complete, only the usage event is missing: finish, and say the counts are unknown.
    out.push(
      this.finish([
        {
          type: 'other',
          feature: 'usage',
          message: 'The Bedrock stream ended after messageStop without its metadata event: usage is reported as 0.',
        },
      ]),
    );
  }

  private finish(warnings: Warning[]): StreamEvent {
    const reason = this.stop?.reason ?? 'end_turn';
    const providerMetadata: ProviderMetadata | undefined = bedrockResponseMetadata(this.stop?.fields, this.trace);
    return {
      type: 'finish',
      finishReason: mapBedrockStopReason(reason),
      rawFinishReason: reason,
      usage: this.usage ?? { inputTokens: 0, outputTokens: 0 },
      warnings: [...this.usageWarnings, ...warnings],
      ...(providerMetadata === undefined ? {} : { providerMetadata }),
    };
  }
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
