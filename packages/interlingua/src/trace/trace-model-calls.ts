import { AsyncLocalStorage } from 'node:async_hooks';
import { pricingOf } from '@interlingua/capabilities';
import {
  type CallOptions,
  type ChatModel,
  type ChatRequest,
  collectStream,
  type ModelResponse,
  type StreamEvent,
  toChatRequest,
} from '@interlingua/core';
import { computeCost } from '@interlingua/core/adapter';
import type { ModelTraceLeg } from './trace-fetch';
import type { TraceLineWriter } from './trace-line-writer';

type WireResponse = Extract<ModelTraceLeg, { type: 'model-response' }>;

/** One model call being recorded: the wire legs made inside it belong to it. */
type CallScope = {
  call: number;
  model: ChatModel;
  request: ChatRequest;
  started: number;
  attempts: number;
  pending: WireResponse | undefined;
  done: boolean;
  /** The `x-request-id` the call was made with: the gateway request it serves. */
  requestId: string | undefined;
};

/**
 * Pairs each model call's IR with the HTTP legs made while it runs (an `AsyncLocalStorage`
 * scope per call, so concurrent calls do not mix), and writes `model-request` and
 * `model-response` lines.
 */
export function createModelCallTracer(writer: TraceLineWriter) {
  const scopes = new AsyncLocalStorage<CallScope>();
  let calls = 0;

  const requestLine = (scope: CallScope, wire?: Extract<ModelTraceLeg, { type: 'model-request' }>) => {
    scope.attempts += 1;
    writer.write({
      type: 'model-request',
      call: scope.call,
      provider: scope.model.provider,
      model: scope.model.modelId,
      attempt: scope.attempts,
      ...(scope.requestId === undefined ? {} : { requestId: scope.requestId }),
      ...(scope.attempts === 1 ? { ir: scope.request } : {}),
      ...(wire === undefined
        ? {}
        : { wire: { method: wire.method, url: wire.url, headers: wire.headers, body: wire.body } }),
    });
  };

  const responseLine = (
    scope: CallScope,
    outcome: { response: ModelResponse } | { error: unknown } | { retried: true },
  ) => {
    const wire = scope.pending;
    scope.pending = undefined;
    const response = 'response' in outcome ? outcome.response : undefined;
    const pricing = scope.model.pricing ?? pricingOf(`${scope.model.provider}:${scope.model.modelId}`);
    writer.write({
      type: 'model-response',
      call: scope.call,
      provider: scope.model.provider,
      model: scope.model.modelId,
      attempt: Math.max(1, scope.attempts),
      ...(scope.requestId === undefined ? {} : { requestId: scope.requestId }),
      durationMs: Math.round((writer.now() - scope.started) * 10) / 10,
      ...(wire === undefined
        ? {}
        : {
            wire: {
              status: wire.status,
              ...(wire.body === undefined ? {} : { body: wire.body }),
              ...(wire.events === undefined ? {} : { events: wire.events }),
            },
          }),
      ...(response === undefined
        ? {}
        : { ir: response, usage: response.usage, cost: computeCost(response.usage, pricing) }),
      warnings: response?.warnings ?? [],
      ...('error' in outcome ? { error: describe(outcome.error) } : {}),
      ...('retried' in outcome ? { error: { name: 'Retried', message: 'The SDK retried this request.' } } : {}),
    });
  };

  const finish = async (scope: CallScope, outcome: { response: ModelResponse } | { error: unknown }) => {
    if (scope.done) return;
    scope.done = true;
    if (scope.attempts === 0) requestLine(scope);
    // A stream's body is reported when it is read to the end, which can trail the last event.
    if (scope.pending === undefined && scope.attempts > 0) await new Promise((resolve) => setImmediate(resolve));
    responseLine(scope, outcome);
  };

  return {
    /** Receives the legs of `traceFetch`. */
    wire(leg: ModelTraceLeg): void {
      const scope = scopes.getStore();
      if (scope === undefined || scope.done) {
        const call = { call: null, provider: 'unknown', model: 'unknown', attempt: 1 } as const;
        if (leg.type === 'model-request') {
          writer.write({
            type: 'model-request',
            ...call,
            wire: { method: leg.method, url: leg.url, headers: leg.headers, body: leg.body },
          });
        } else {
          writer.write({
            type: 'model-response',
            ...call,
            durationMs: 0,
            wire: { status: leg.status, body: leg.body, events: leg.events },
            warnings: [],
          });
        }
        return;
      }
      if (leg.type === 'model-request') {
        if (scope.pending !== undefined) responseLine(scope, { retried: true });
        requestLine(scope, leg);
      } else scope.pending = leg;
    },

    /** Whether a recorded call is running in this async context (Gemini's global fetch is traced only then). */
    inCall: (): boolean => scopes.getStore() !== undefined,

    /** `model` with every call recorded. */
    wrap(model: ChatModel): ChatModel {
      const open = (request: ChatRequest, options: CallOptions | undefined): CallScope => ({
        call: ++calls,
        model,
        request,
        started: writer.now(),
        attempts: 0,
        pending: undefined,
        done: false,
        requestId: options?.headers?.['x-request-id'],
      });
      return {
        provider: model.provider,
        modelId: model.modelId,
        get capabilities() {
          return model.capabilities;
        },
        get pricing() {
          return model.pricing ?? pricingOf(`${model.provider}:${model.modelId}`);
        },
        async generate(input, options) {
          const request = toChatRequest(input);
          const scope = open(request, options);
          try {
            const response = await scopes.run(scope, () => model.generate(request, options));
            await finish(scope, { response });
            return response;
          } catch (error) {
            await finish(scope, { error });
            throw error;
          }
        },
        async *stream(input, options) {
          const request = toChatRequest(input);
          const scope = open(request, options);
          const iterator = scopes.run(scope, () => model.stream(request, options)[Symbol.asyncIterator]());
          const events: StreamEvent[] = [];
          let completed = false;
          try {
            while (true) {
              const step = await scopes.run(scope, () => iterator.next());
              if (step.done === true) break;
              events.push(step.value);
              yield step.value;
            }
            completed = true;
            await finish(scope, await fold(events));
          } catch (error) {
            await finish(scope, { error });
            throw error;
          } finally {
            if (!completed) {
              await iterator.return?.();
              // A reader that stops at `finish` (as encoders do) had the whole answer.
              const whole = events.some((event) => event.type === 'finish');
              await finish(
                scope,
                whole ? await fold(events) : { error: new Error('The stream was not read to its end.') },
              );
            }
          }
        },
      };
    },
  };
}

async function* replay(events: readonly StreamEvent[]): AsyncIterable<StreamEvent> {
  yield* events;
}

/** A recorded stream folded into one response (or the reason it could not be). */
function fold(events: readonly StreamEvent[]): Promise<{ response: ModelResponse } | { error: unknown }> {
  return collectStream(replay(events)).then(
    (response) => ({ response }),
    (error: unknown) => ({ error }),
  );
}

function describe(error: unknown): { name: string; message: string; code?: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: String(error) };
}
