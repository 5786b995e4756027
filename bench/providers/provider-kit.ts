import type { ChatRequest, ModelResponse, StreamEvent } from '@interlingua/core';
import type { PullProbe } from '../method/canned-fetch';

/** Hooks for the heap probe: called when a request is sent, and as each stream chunk is handed out. */
export type KitProbes = { onSend?: () => void; onPull?: PullProbe };

/** One request-build workload of a provider: the SDK sending the finished native body, Interlingua from IR. */
export type RequestWorkload = {
  /** The official SDK's call with the finished native body; resolves to the SDK's parsed result. */
  sdk: () => Promise<unknown>;
  /** `model.generate(request)` over the same canned transport. */
  subject: () => Promise<ModelResponse>;
  /** `JSON.stringify` of the finished native body. */
  lowerBound: () => unknown;
  /** The SDK's result read by the codec (for the smoke test: both sides must agree). */
  decodeSDKResult: (result: unknown) => ModelResponse;
};

/** One stream workload of a provider: the SDK's own stream iterator against `model.stream`. */
export type StreamWorkload = {
  /** Iterates the SDK's stream to the end; pushes each chunk into `sink` when given. */
  sdk: (sink?: unknown[]) => Promise<void>;
  /** Iterates `model.stream(request)` to the end; pushes each event into `sink` when given. */
  subject: (sink?: StreamEvent[]) => Promise<void>;
  /** A raw split + `JSON.parse` loop over the same bytes. */
  lowerBound: () => Promise<unknown>;
  /** How many native events the canned stream holds. */
  nativeEvents: number;
  /** The SDK's chunks read by the codec (for the smoke test). */
  decodeSDKChunks: (chunks: unknown[]) => Promise<StreamEvent[]>;
};

/** A provider as the bench drives it, on one official SDK. */
export type ProviderKit = {
  /** Table label, e.g. `gemini (@google/genai 1.2.3)`. */
  label: string;
  request(request: ChatRequest, probes?: KitProbes): RequestWorkload;
  stream(request: ChatRequest, events: StreamEvent[], probes?: KitProbes): Promise<StreamWorkload>;
};

/** Collects an async iterable into an array. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Async iterable over an array (to feed a codec). */
export async function* iterate<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}
