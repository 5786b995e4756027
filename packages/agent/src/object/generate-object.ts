import {
  type CallOptions,
  type ChatModel,
  type ChatRequest,
  InvalidSettingError,
  type Message,
  type ModelResponse,
  type Usage,
  type Warning,
} from '@interlingua/core';
import { addUsage } from '../add-usage';
import type { AgentCallSettings } from '../agent-options';
import { NoObjectGeneratedError } from './no-object-generated-error';
import {
  type InferObject,
  type ObjectSchema,
  type ParsedObject,
  parseObjectText,
  prepareObjectSchema,
} from './object-schema';

/** Settings of {@link generateObject} and `streamObject`. */
export type GenerateObjectOptions<S extends ObjectSchema> = {
  /** Any `ChatModel`; wrap it in `withCapabilities` (as `model('provider:id')` does) for emulation where it has no structured output. */
  model: ChatModel;
  /** A zod 3 or zod 4 object schema, or a JSON Schema object. */
  schema: S;
  /** The schema's name (OpenAI requires one); default `response`. */
  schemaName?: string;
  /** What the object is, for the model. */
  schemaDescription?: string;
  /** The user's request, as text (or give `messages`). */
  prompt?: string;
  /** The conversation (or give `prompt`). */
  messages?: readonly Message[];
  /** The system prompt. */
  system?: string;
  /** How many times an invalid answer is re-asked with what was wrong; default 1, 0 never. */
  maxRepairs?: number;
  /** Sampling and provider settings (`maxOutputTokens`, `reasoning`, …). */
  settings?: AgentCallSettings;
  /** Cancels the call. */
  signal?: AbortSignal;
  /** Extra HTTP headers. */
  headers?: Record<string, string>;
};

/** What {@link generateObject} returns. */
export type GenerateObjectResult<T> = {
  /** The parsed, validated object. */
  object: T;
  /** The JSON text it was read from. */
  text: string;
  /** The model's last answer. */
  response: ModelResponse;
  /** The tokens of every attempt. */
  usage: Usage;
  /** Each distinct warning of every attempt. */
  warnings: Warning[];
  /** Model calls made: 1, plus one per re-ask. */
  attempts: number;
};

/** Everything one object run needs, prepared once. */
export type ObjectRun = {
  request: ChatRequest;
  schema: ReturnType<typeof prepareObjectSchema>;
  maxRepairs: number;
  callOptions: CallOptions;
};

/** Checks the options and builds the first request. */
export function prepareObjectRun(options: GenerateObjectOptions<ObjectSchema>): ObjectRun {
  const maxRepairs = options.maxRepairs ?? 1;
  if (!Number.isInteger(maxRepairs) || maxRepairs < 0) {
    throw new InvalidSettingError({
      message: `Expected \`maxRepairs\` to be a non-negative integer, got ${String(maxRepairs)}.`,
    });
  }
  const messages: Message[] = [...(options.messages ?? [])];
  if (options.prompt !== undefined) messages.push({ role: 'user', content: [{ type: 'text', text: options.prompt }] });
  if (messages.length === 0) {
    throw new InvalidSettingError({ message: 'Expected `prompt` or `messages`, got neither.' });
  }
  const name = options.schemaName ?? 'response';
  const schema = prepareObjectSchema(options.schema, name);
  const request: ChatRequest = {
    ...options.settings,
    messages,
    ...(options.system === undefined ? {} : { system: options.system }),
    responseFormat: {
      type: 'json',
      schema: schema.jsonSchema,
      name,
      ...(options.schemaDescription === undefined ? {} : { description: options.schemaDescription }),
    },
  };
  const callOptions: CallOptions = {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  };
  return { request, schema, maxRepairs, callOptions };
}

/** The text of an answer's text parts. */
export function answerText(response: ModelResponse): string {
  let text = '';
  for (const part of response.message.content) if (part.type === 'text') text += part.text;
  return text;
}

/** Reads an answer as the object, saying why not when the model was cut off. */
export function readAnswer(response: ModelResponse, run: ObjectRun): ParsedObject {
  const cutOff = response.finishReason === 'length';
  const parsed = parseObjectText(answerText(response), run.schema, { repair: !cutOff });
  if (parsed.success || !cutOff) return parsed;
  return { success: false, issues: ['The answer was cut off at the output token limit.', ...parsed.issues] };
}

/** The request that re-asks: the bad answer, then what was wrong with it and the schema again. */
export function repairRequest(request: ChatRequest, response: ModelResponse, issues: readonly string[]): ChatRequest {
  const schema = request.responseFormat?.type === 'json' ? request.responseFormat.schema : undefined;
  const text = `Your answer is not a valid result: ${issues.join('; ')}. Answer again with only the JSON value${
    schema === undefined ? '' : `, matching this JSON Schema: ${JSON.stringify(schema)}`
  }.`;
  return {
    ...request,
    messages: [...request.messages, response.message, { role: 'user', content: [{ type: 'text', text }] }],
  };
}

/** The error after the last attempt. */
export function noObject(
  response: ModelResponse,
  issues: string[],
  usage: Usage,
  attempts: number,
): NoObjectGeneratedError {
  return new NoObjectGeneratedError({
    message: `Expected the model to answer with an object matching the schema; after ${attempts} attempt${attempts === 1 ? '' : 's'} it did not: ${issues.join('; ')}`,
    text: answerText(response),
    issues,
    response,
    usage,
  });
}

/** Adds each warning not yet in `into`. */
export function addWarnings(into: Warning[], warnings: readonly Warning[]): void {
  for (const warning of warnings) {
    if (!into.some((seen) => seen.feature === warning.feature && seen.message === warning.message)) into.push(warning);
  }
}

/**
 * Asks the model for an object matching a schema (`responseFormat` JSON, which each codec maps
 * to its provider's structured output and `withCapabilities` emulates) and returns it parsed,
 * validated and typed. An answer that is not JSON (after `repairJsonText`) or does not match is
 * re-asked with what was wrong (`maxRepairs`, default once); then it throws
 * `NoObjectGeneratedError` with the raw text and the issues.
 *
 * @example
 * const { object } = await generateObject({
 *   model: model('openai:gpt-5-mini'),
 *   schema: z.object({ city: z.string(), temperatureC: z.number() }),
 *   prompt: 'The weather in Paris, as data.',
 * });
 */
export async function generateObject<S extends ObjectSchema, T = unknown>(
  options: GenerateObjectOptions<S>,
): Promise<GenerateObjectResult<InferObject<S, T>>> {
  const run = prepareObjectRun(options);
  const attempts = startAttempts(run);
  for (;;) {
    const response = await options.model.generate(attempts.request, run.callOptions);
    const done = attempts.settle(response);
    if (done !== undefined) return done as GenerateObjectResult<InferObject<S, T>>;
  }
}

/** The attempts of one object run: each answer either ends it (the result, or the thrown error) or sets the re-ask. */
export type ObjectAttempts = {
  /** The request of the next attempt. */
  readonly request: ChatRequest;
  /** Reads an answer: the result when it is valid; throws `NoObjectGeneratedError` after the last attempt; else `undefined` and `request` is the re-ask. */
  settle(response: ModelResponse): GenerateObjectResult<unknown> | undefined;
};

/** Starts counting the attempts of a run. */
export function startAttempts(run: ObjectRun): ObjectAttempts {
  let usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const warnings: Warning[] = [];
  let attempt = 0;
  const state = {
    request: run.request,
    settle(response: ModelResponse) {
      attempt++;
      usage = addUsage(usage, response.usage);
      addWarnings(warnings, response.warnings);
      const parsed = readAnswer(response, run);
      if (parsed.success) {
        return { object: parsed.value, text: answerText(response), response, usage, warnings, attempts: attempt };
      }
      if (attempt > run.maxRepairs) throw noObject(response, parsed.issues, usage, attempt);
      state.request = repairRequest(state.request, response, parsed.issues);
      return undefined;
    },
  };
  return state;
}
