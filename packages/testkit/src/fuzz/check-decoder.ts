import {
  type Codec,
  chatRequestSchema,
  collectStream,
  InterlinguaError,
  modelResponseSchema,
  type StreamEvent,
  streamEventSchema,
  warningSchema,
} from '@interlingua/core';
import { findJSONValueIssue, formatSchemaIssues } from '@interlingua/core/adapter';

/** The three decoders of a codec, which take outside bytes. */
export type DecoderName = 'decodeResponse' | 'decodeStream' | 'decodeRequest';

/** What a decoder did with one input: valid IR, or a typed Interlingua error with its code. */
export type DecodeOutcome = { decoded: true } | { decoded: false; code: string };

/** How a decoder broke its contract. */
export type DecoderFailureKind =
  | 'crash'
  | 'schema-violation'
  | 'not-plain-data'
  | 'prototype-changed'
  | 'stream-shape'
  | 'stream-does-not-fold';

/** A decoder broke its contract on an input: thrown by the `check*` functions and `fuzzCodec`. */
export class DecoderContractError extends Error {
  readonly kind: DecoderFailureKind;
  readonly decoder: DecoderName;

  constructor(decoder: DecoderName, kind: DecoderFailureKind, detail: string, cause?: unknown) {
    super(`${decoder}: ${kind}: ${detail}`, cause === undefined ? undefined : { cause });
    this.name = 'DecoderContractError';
    this.kind = kind;
    this.decoder = decoder;
  }
}

type SafeParser = { safeParse(value: unknown): { success: boolean; error?: { issues: readonly unknown[] } } };

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message.slice(0, 300)}`;
  return String(error).slice(0, 300);
}

function rejected(decoder: DecoderName, error: unknown): DecodeOutcome {
  if (!InterlinguaError.isInstance(error)) {
    throw new DecoderContractError(decoder, 'crash', `threw a non-Interlingua error: ${describeError(error)}`, error);
  }
  return { decoded: false, code: error.code };
}

function expectIR(decoder: DecoderName, schema: SafeParser, value: unknown, what: string, plainData = true): void {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = (parsed.error?.issues ?? []) as Parameters<typeof formatSchemaIssues>[0];
    throw new DecoderContractError(decoder, 'schema-violation', `${what}: ${formatSchemaIssues(issues).slice(0, 500)}`);
  }
  // Depth is the schemas' business (measured from each JSON value of the IR); this checks that
  // the whole output is plain data: no class instances, no foreign prototypes, no cycles.
  const plain = plainData ? findJSONValueIssue(value, { maxDepth: Number.POSITIVE_INFINITY }) : undefined;
  if (plain !== undefined) {
    throw new DecoderContractError(decoder, 'not-plain-data', `${what}: ${formatSchemaIssues([plain])}`);
  }
}

/**
 * Runs `codec.decodeResponse(body)` and checks the contract: a `ModelResponse` that passes
 * `modelResponseSchema` and is plain JSON data, or a thrown Interlingua error.
 */
export function checkDecodeResponse(codec: Codec<unknown, unknown, unknown>, body: unknown): DecodeOutcome {
  let response: unknown;
  try {
    response = codec.decodeResponse(body);
  } catch (error) {
    return rejected('decodeResponse', error);
  }
  expectIR('decodeResponse', modelResponseSchema, response, 'the response');
  return { decoded: true };
}

/**
 * Runs `codec.decodeRequest(body)` and checks the contract: a request that passes
 * `chatRequestSchema` (with valid warnings, a string or absent model, a boolean `stream`),
 * or a thrown Interlingua error.
 */
export function checkDecodeRequest(codec: Codec<unknown, unknown, unknown>, body: unknown): DecodeOutcome {
  let result: ReturnType<Codec['decodeRequest']>;
  try {
    result = codec.decodeRequest(body);
  } catch (error) {
    return rejected('decodeRequest', error);
  }
  expectIR('decodeRequest', chatRequestSchema, result.value.request, 'the request');
  for (const warning of result.warnings) expectIR('decodeRequest', warningSchema, warning, 'a warning');
  const { model, stream } = result.value;
  if ((model !== undefined && typeof model !== 'string') || typeof stream !== 'boolean') {
    throw new DecoderContractError('decodeRequest', 'schema-violation', 'expected a string model and a boolean stream');
  }
  return { decoded: true };
}

async function* toAsync<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}

/**
 * Runs `codec.decodeStream(chunks)` and checks the contract: every event passes
 * `streamEventSchema` (an `error` event's `error` is an Interlingua error), the stream ends
 * with exactly one `finish` or `error` event, yields at most `maxEvents` events (no runaway
 * loop), never throws, and a stream that finishes folds with `collectStream` into a valid
 * `ModelResponse`.
 */
export async function checkDecodeStream(
  codec: Codec<unknown, unknown, unknown>,
  chunks: readonly unknown[],
  options: { maxEvents: number },
): Promise<DecodeOutcome> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of codec.decodeStream(toAsync(chunks))) {
      events.push(event);
      if (events.length > options.maxEvents) {
        throw new DecoderContractError(
          'decodeStream',
          'stream-shape',
          `yielded more than ${options.maxEvents} events for ${chunks.length} chunks`,
        );
      }
    }
  } catch (error) {
    if (error instanceof DecoderContractError) throw error;
    throw new DecoderContractError(
      'decodeStream',
      'stream-shape',
      `threw instead of ending with an error event: ${describeError(error)}`,
      error,
    );
  }
  events.forEach((event, index) => {
    // An error event is IR around an Error instance; every other event is plain data.
    expectIR('decodeStream', streamEventSchema, event, `event ${index} (${event.type})`, event.type !== 'error');
    if (event.type === 'error' && !InterlinguaError.isInstance(event.error)) {
      throw new DecoderContractError(
        'decodeStream',
        'crash',
        `event ${index} carries a non-Interlingua error: ${describeError(event.error)}`,
      );
    }
  });
  const terminal = events.findIndex((event) => event.type === 'finish' || event.type === 'error');
  if (terminal === -1 || terminal !== events.length - 1) {
    throw new DecoderContractError(
      'decodeStream',
      'stream-shape',
      terminal === -1
        ? 'ended without a finish or error event'
        : `yielded ${events.length - 1 - terminal} event(s) after the ${events[terminal]?.type} event`,
    );
  }
  const last = events[terminal] as StreamEvent;
  if (last.type === 'error') return { decoded: false, code: (last.error as InterlinguaError).code };
  let folded: unknown;
  try {
    folded = await collectStream(events);
  } catch (error) {
    throw new DecoderContractError(
      'decodeStream',
      'stream-does-not-fold',
      `collectStream rejected the events: ${describeError(error)}`,
      error,
    );
  }
  expectIR('decodeStream', modelResponseSchema, folded, 'the folded response');
  return { decoded: true };
}

/**
 * Takes a snapshot of the built-in prototypes a decoder could tamper with (`Object.prototype`,
 * `Array.prototype`, `Function.prototype`) and returns a check that throws
 * `DecoderContractError` (`prototype-changed`) when any property of them was added, removed or
 * replaced — after restoring the snapshot, so one bad case does not taint the next.
 */
export function watchPrototypes(decoder: DecoderName): () => void {
  const watched = [Object.prototype, Array.prototype, Function.prototype];
  const snapshots: Map<string | symbol, PropertyDescriptor | undefined>[] = watched.map(
    (prototype) =>
      new Map(Reflect.ownKeys(prototype).map((key) => [key, Object.getOwnPropertyDescriptor(prototype, key)])),
  );
  return () => {
    const changed: string[] = [];
    watched.forEach((prototype, index) => {
      const snapshot = snapshots[index] as Map<string | symbol, PropertyDescriptor | undefined>;
      for (const key of Reflect.ownKeys(prototype)) {
        const before = snapshot.get(key);
        const now = Object.getOwnPropertyDescriptor(prototype, key);
        if (before === undefined) {
          changed.push(`added ${String(key)}`);
          Reflect.deleteProperty(prototype, key);
        } else if (now?.value !== before.value || now?.get !== before.get || now?.set !== before.set) {
          changed.push(`replaced ${String(key)}`);
          Object.defineProperty(prototype, key, before);
        }
      }
      for (const [key, descriptor] of snapshot) {
        if (!Reflect.ownKeys(prototype).includes(key) && descriptor !== undefined) {
          changed.push(`removed ${String(key)}`);
          Object.defineProperty(prototype, key, descriptor);
        }
      }
    });
    if (changed.length > 0) {
      throw new DecoderContractError(
        decoder,
        'prototype-changed',
        `built-in prototypes changed: ${changed.join(', ')}`,
      );
    }
  };
}
