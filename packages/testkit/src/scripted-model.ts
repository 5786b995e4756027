import {
  type CallOptions,
  type ChatModel,
  type ChatRequest,
  collectStream,
  type ModelCapabilities,
  type ModelResponse,
  type StreamEvent,
  toChatRequest,
} from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';

/** What a scripted step sees. */
export type ScriptedStepContext = { index: number; signal: AbortSignal | undefined };

/**
 * One scripted turn: a response, an error to throw, a function of the request, or a
 * raw event list to stream (its fold is what `generate` returns).
 */
export type ScriptedStep =
  | ModelResponse
  | Error
  | { events: StreamEvent[] }
  | ((request: ChatRequest, context: ScriptedStepContext) => ModelResponse | Promise<ModelResponse>);

/** A request a scripted model received, deep-copied at call time. */
export type RecordedModelCall = { request: ChatRequest; options: CallOptions | undefined; mode: 'generate' | 'stream' };

/** A `ChatModel` that plays a script and records every request. */
export type ScriptedModel = ChatModel & {
  /** Every call, in order, with the request as it was when the call was made. */
  readonly calls: RecordedModelCall[];
  /** The requests alone. */
  readonly requests: ChatRequest[];
};

/**
 * A fake model for tests: answers each call with the next scripted step, streams the
 * same step as events, and records every request (deep-copied, so later mutation of the
 * history does not rewrite what was sent). Running past the end of the script throws.
 *
 * @example
 * const model = scriptedModel([toolCallResponse([{ id: 'c1', name: 'get_weather', args: { city: 'Paris' } }]), textResponse('Sunny.')]);
 */
export function scriptedModel(
  steps: ScriptedStep[],
  settings: { provider?: string; modelId?: string; capabilities?: Partial<ModelCapabilities> } = {},
): ScriptedModel {
  const calls: RecordedModelCall[] = [];
  let next = 0;

  async function play(request: ChatRequest, options: CallOptions | undefined, mode: 'generate' | 'stream') {
    calls.push({ request: structuredClone(request), options, mode });
    const index = next++;
    const step = steps[index];
    if (step === undefined) {
      throw new Error(`scriptedModel: expected at most ${steps.length} calls, got call #${index + 1}.`);
    }
    options?.signal?.throwIfAborted();
    if (step instanceof Error) throw step;
    if (typeof step === 'function')
      return { events: responseToStream(await step(request, { index, signal: options?.signal })) };
    if ('events' in step) return step;
    return { events: responseToStream(step) };
  }

  return {
    provider: settings.provider ?? 'scripted',
    modelId: settings.modelId ?? 'scripted-model',
    capabilities: settings.capabilities ?? {},
    calls,
    get requests() {
      return calls.map((call) => call.request);
    },
    async generate(input, options) {
      const { events } = await play(toChatRequest(input), options, 'generate');
      return collectStream(events);
    },
    async *stream(input, options) {
      const { events } = await play(toChatRequest(input), options, 'stream');
      for (const event of events) {
        options?.signal?.throwIfAborted();
        yield event;
      }
    },
  };
}
