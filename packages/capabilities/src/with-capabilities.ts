import type {
  CallOptions,
  ChatModel,
  ChatRequest,
  ModelCapabilities,
  ModelPricing,
  ModelResponse,
  StreamEvent,
  Warning,
} from '@interlingua/core';
import { collectStream, functionToolsOf, toChatRequest } from '@interlingua/core';
import { responseToStream } from '@interlingua/core/adapter';
import { degradeRequest } from './degrade/degrade-request';
import { resolveReasoning } from './degrade/resolve-reasoning';
import { checkJsonAnswer } from './emulation/check-json-answer';
import { decodeEmulatedStream } from './emulation/decode-emulated-stream';
import {
  answerFromToolCall,
  answerStreamFromToolCall,
  emulateResponseFormat,
  type ResponseFormatEmulation,
} from './emulation/emulate-response-format';
import type { EmulationFormat } from './emulation/emulation-format';
import { encodeEmulatedRequest } from './emulation/encode-emulated-request';
import { reactFormat } from './emulation/react-format';
import { tagFormat } from './emulation/tag-format';
import type { PriceTable } from './pricing/create-price-table';
import { defaultPriceTable } from './pricing/default-price-table';
import type { CapabilityOverrides, EmulationFormatName } from './registry/capability-row';
import type { CapabilityRegistry } from './registry/create-capability-registry';
import { defaultCapabilityRegistry } from './registry/default-capability-registry';
import { isToolsUnsupportedError } from './registry/is-tools-unsupported-error';

/** Options of {@link withCapabilities}. */
export type WithCapabilitiesOptions = {
  /** Per-model overrides, above the data, registrations and runtime detections. */
  capabilities?: CapabilityOverrides;
  /** The emulation format when tool calling is emulated; defaults to the data's choice for the model, else `react`. */
  emulation?: EmulationFormatName | EmulationFormat;
  /** `false` asks for at most one tool call per turn (each provider's switch, or an instruction when emulated). */
  parallelToolCalls?: boolean;
  /** The registry to read and to record detections in; the process-wide default otherwise. */
  registry?: CapabilityRegistry;
  /** Retry with emulation when the provider says the model does not support tools (default `true`). */
  detectUnsupportedTools?: boolean;
  /** Makes ids for emulated calls (a random `call_…` id by default). */
  generateId?: () => string;
  /** Where the model's `pricing` is read when the model states none; the process-wide table otherwise. */
  prices?: PriceTable;
};

type Plan = {
  request: ChatRequest;
  warnings: Warning[];
  format: EmulationFormat | undefined;
  answer: ResponseFormatEmulation | undefined;
};

const formats: Record<EmulationFormatName, EmulationFormat> = { react: reactFormat, tags: tagFormat };

function hasToolHistory(request: ChatRequest): boolean {
  return request.messages.some(
    (message) =>
      message.role === 'tool' ||
      (message.role === 'assistant' && message.content.some((part) => part.type === 'tool-call')),
  );
}

function withWarnings(event: Extract<StreamEvent, { type: 'finish' }>, warnings: readonly Warning[]): StreamEvent {
  return warnings.length === 0 ? event : { ...event, warnings: [...warnings, ...(event.warnings ?? [])] };
}

/** The emulated answer of a response: the answer tool's call as JSON text, or the prompted JSON checked. */
function finishAnswer(current: Plan, response: ModelResponse): ModelResponse {
  const answer = current.answer;
  if (answer === undefined) return response;
  if (answer.mode === 'tool') return answerFromToolCall(response, answer);
  const text = response.message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
  const problem = response.finishReason === 'stop' ? checkJsonAnswer(text, answer.schema) : undefined;
  return problem === undefined ? response : { ...response, warnings: [...response.warnings, problem] };
}

/**
 * The stream form of {@link finishAnswer}: the check of a prompted answer is a warning on `finish`.
 * Without an answer to check, the events themselves (no pass-through layer: a relay pays each per event).
 */
function answerStream(current: Plan, events: AsyncIterable<StreamEvent>): AsyncIterable<StreamEvent> {
  const answer = current.answer;
  if (answer === undefined) return events;
  if (answer.mode === 'tool') return answerStreamFromToolCall(events, answer);
  return checkedAnswerStream(events, answer.schema);
}

async function* checkedAnswerStream(
  events: AsyncIterable<StreamEvent>,
  schema: Parameters<typeof checkJsonAnswer>[1],
): AsyncIterable<StreamEvent> {
  let text = '';
  for await (const event of events) {
    if (event.type === 'text-delta') text += event.text;
    if (event.type === 'finish' && event.finishReason === 'stop') {
      const problem = checkJsonAnswer(text, schema);
      yield problem === undefined ? event : { ...event, warnings: [...(event.warnings ?? []), problem] };
    } else yield event;
  }
}

/**
 * Wraps a model so that it does what it can and degrades honestly where it cannot: tool calling
 * is emulated with prompts when the model has none, unsupported tool-choice modes become
 * instructions, `parallelToolCalls: false` sets the provider's switch, tool schemas are lowered,
 * images become placeholders for text-only models, and the system prompt is merged into the
 * first user turn where the model takes none. Every change is a warning on the response.
 *
 * When the provider answers a tools request with "does not support tools" (Ollama, vLLM,
 * llama.cpp, OpenAI's o1-mini), the model is marked `toolCalling: 'none'` in the registry for
 * the rest of the process and the call is retried once with emulation. The result is a
 * `ChatModel` with the same provider and model id, so the agent loop cannot tell the difference,
 * and with `pricing` from the price data (unless the model states its own).
 *
 * @example
 * const model = withCapabilities(createOpenAI({ baseURL: 'http://localhost:11434/v1', name: 'ollama' })('gemma3:4b'));
 * const result = await runAgent({ model, tools, messages });
 */
export function withCapabilities(model: ChatModel, options: WithCapabilitiesOptions = {}): ChatModel {
  const registry = options.registry ?? defaultCapabilityRegistry;
  const id = `${model.provider}:${model.modelId}`;
  const detect = options.detectUnsupportedTools ?? true;
  const generateId =
    options.generateId ?? (() => `call_${globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`);
  const singleCall = options.parallelToolCalls === false;

  const resolve = () =>
    registry.resolve(id, {
      adapter: model.capabilities,
      ...(options.capabilities === undefined ? {} : { overrides: options.capabilities }),
    });

  function chooseFormat(preferred: EmulationFormatName | undefined): EmulationFormat {
    const choice = options.emulation ?? preferred ?? 'react';
    return typeof choice === 'string' ? formats[choice] : choice;
  }

  function plan(request: ChatRequest, forceEmulation = false): Plan {
    const resolved = resolve();
    const capabilities = resolved.capabilities;
    const emulate =
      forceEmulation ||
      (capabilities.toolCalling === 'none' && ((request.tools ?? []).length > 0 || hasToolHistory(request)));
    const format = emulate ? chooseFormat(resolved.emulation) : undefined;
    const warnings: Warning[] = [];
    let prepared = request;
    let answer: ResponseFormatEmulation | undefined;
    if (request.responseFormat !== undefined) {
      const emulated = emulateResponseFormat(prepared, capabilities, warnings);
      prepared = emulated.request;
      answer = emulated.emulation;
    }
    if (request.reasoning !== undefined) prepared = resolveReasoning(prepared, capabilities, warnings);
    if (format !== undefined) {
      const emulated = encodeEmulatedRequest(request, format, { singleCall });
      prepared = emulated.request;
      warnings.push(...emulated.warnings);
    }
    const degraded = degradeRequest(prepared, capabilities, {
      emulated: format !== undefined,
      provider: model.provider,
      ...(options.parallelToolCalls === undefined ? {} : { parallelToolCalls: options.parallelToolCalls }),
    });
    warnings.push(...degraded.warnings);
    return { request: degraded.request, warnings, format, answer };
  }

  function canFallBack(error: unknown, request: ChatRequest, current: Plan): boolean {
    return detect && current.format === undefined && (request.tools ?? []).length > 0 && isToolsUnsupportedError(error);
  }

  /** Reads the text reply of an emulated request back into tool calls. */
  function decode(current: Plan, format: EmulationFormat, request: ChatRequest, source: AsyncIterable<StreamEvent>) {
    return decodeEmulatedStream(source, format, {
      generateId,
      toolNames: functionToolsOf(request.tools).map((tool) => tool.name),
      warnings: current.warnings,
      ...(singleCall ? { maxCalls: 1 } : {}),
    });
  }

  function emulatedStream(current: Plan, format: EmulationFormat, request: ChatRequest, callOptions?: CallOptions) {
    return answerStream(current, decode(current, format, request, model.stream(current.request, callOptions)));
  }

  async function generateEmulated(
    current: Plan,
    format: EmulationFormat,
    request: ChatRequest,
    callOptions?: CallOptions,
  ): Promise<ModelResponse> {
    const response = await model.generate(current.request, callOptions);
    // The same reader as for streams, so generate and stream parse alike.
    async function* events() {
      yield* responseToStream(response);
    }
    return finishAnswer(current, await collectStream(decode(current, format, request, events())));
  }

  /** Records the refusal and plans the retry with emulation, the detection warning first. */
  function planFallBack(error: unknown, request: ChatRequest): Plan & { format: EmulationFormat } {
    const reason = error instanceof Error ? error.message : String(error);
    const warning = registry.markToolCallingUnsupported(id, reason);
    const retry = plan(request, true);
    return { ...retry, warnings: [warning, ...retry.warnings], format: retry.format ?? chooseFormat(undefined) };
  }

  return {
    provider: model.provider,
    modelId: model.modelId,
    get capabilities(): ModelCapabilities {
      return resolve().capabilities;
    },
    get pricing(): ModelPricing | 'unknown' {
      return model.pricing ?? (options.prices ?? defaultPriceTable).pricingOf(id);
    },

    async generate(input, callOptions): Promise<ModelResponse> {
      const request = toChatRequest(input);
      const current = plan(request);
      if (current.format !== undefined) return generateEmulated(current, current.format, request, callOptions);
      try {
        const response = finishAnswer(current, await model.generate(current.request, callOptions));
        return current.warnings.length === 0
          ? response
          : { ...response, warnings: [...current.warnings, ...response.warnings] };
      } catch (error) {
        if (!canFallBack(error, request, current)) throw error;
        const retry = planFallBack(error, request);
        return generateEmulated(retry, retry.format, request, callOptions);
      }
    },

    // A plain iterator, not an async generator around the model's stream: past the first event
    // (where a "does not support tools" answer still falls back to emulation) each event costs one
    // forwarded `next()`.
    stream(input, callOptions): AsyncIterable<StreamEvent> {
      return { [Symbol.asyncIterator]: () => streamIterator(input, callOptions) };
    },
  };

  function streamIterator(input: Parameters<ChatModel['stream']>[0], callOptions?: CallOptions) {
    let inner: AsyncIterator<StreamEvent> | undefined;
    let started: Promise<void> | undefined;
    // The native stream's first event, read to decide on the fallback; the plan's warnings go on its `finish`.
    let first: IteratorResult<StreamEvent> | undefined;
    let warnings: readonly Warning[] = [];
    let closed = false;
    const done = (): IteratorResult<StreamEvent> => ({ done: true, value: undefined });
    async function start(): Promise<void> {
      const request = toChatRequest(input);
      const current = plan(request);
      if (current.format !== undefined) {
        inner = emulatedStream(current, current.format, request, callOptions)[Symbol.asyncIterator]();
        return;
      }
      const iterator = answerStream(current, model.stream(current.request, callOptions))[Symbol.asyncIterator]();
      try {
        const step = await iterator.next();
        if (!step.done && step.value.type === 'error' && canFallBack(step.value.error, request, current)) {
          throw step.value.error;
        }
        first = step;
        warnings = current.warnings;
        inner = iterator;
      } catch (error) {
        if (!canFallBack(error, request, current)) throw error;
        await iterator.return?.();
        const retry = planFallBack(error, request);
        inner = emulatedStream(retry, retry.format, request, callOptions)[Symbol.asyncIterator]();
      }
    }
    return {
      async next(): Promise<IteratorResult<StreamEvent>> {
        if (closed) return done();
        try {
          if (inner === undefined) {
            started ??= start();
            await started;
          }
          const step = first ?? (await (inner as AsyncIterator<StreamEvent>).next());
          first = undefined;
          if (step.done === true) closed = true;
          else if (step.value.type === 'finish' && warnings.length > 0) {
            return { done: false, value: withWarnings(step.value, warnings) };
          }
          return step;
        } catch (error) {
          closed = true;
          throw error;
        }
      },
      // A consumer that stops early closes the provider stream too.
      async return(): Promise<IteratorResult<StreamEvent>> {
        if (!closed) {
          closed = true;
          await started?.catch(() => undefined);
          await inner?.return?.();
        }
        return done();
      },
    };
  }
}
