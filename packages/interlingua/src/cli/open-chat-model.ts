import { suggestModelId } from '@interlingua/capabilities/internal';
import type { ChatModel } from '@interlingua/core';
import { parseModelId } from '@interlingua/core';
import { BUILT_IN_PROVIDERS } from '../built-in-providers';
import { createModelRegistry, modelIdWarning, openAIApiOf } from '../create-model-registry';
import { startDemoServer } from '../demo/start-demo-server';
import type { TraceRecorder } from '../trace/create-trace-recorder';
import { secretsFromEnv } from '../trace/secrets-from-env';
import { traceFetch } from '../trace/trace-fetch';
import { isWireProvider } from '../wire-codecs';
import { CliError } from './cli-error';
import type { CliIO } from './cli-io';
import type { TracePrinter } from './print-trace';
import { type ModelExchange, recordLastExchange } from './record-last-exchange';

/** The model of a `chat` session, and what to undo when it ends. */
export type ChatModelSession = {
  model: ChatModel;
  /** The last model request and its failed response, for error messages. */
  lastExchange(): ModelExchange | undefined;
  /** The environment variable that sets the provider's base URL, if any. */
  baseURLEnv: string | undefined;
  close(): Promise<void>;
};

/** The model `--offline` uses when `--model` is not given. */
export const DEFAULT_OFFLINE_MODEL = 'anthropic:claude-sonnet-4-6';

/**
 * Resolves `--model` through the registry; with `--offline`, first starts the demo server in
 * the provider's wire format and points the model at it. With `--trace` (printed) or
 * `--trace-file` (recorded), every model request and response passes through a tracing `fetch`
 * handed to the model's SDK (Bedrock's AWS SDK takes none: its bodies are not traced). The
 * global `fetch` is never replaced. Either way the last request is recorded, so a failure can
 * name the URL it went to and describe a body that was not the API's.
 */
export async function openChatModel(
  options: { model: string | undefined; baseURL: string | undefined; offline: boolean },
  io: CliIO,
  tracer: TracePrinter | undefined,
  recorder?: TraceRecorder,
): Promise<ChatModelSession> {
  const id = options.model ?? (options.offline ? DEFAULT_OFFLINE_MODEL : undefined);
  if (id === undefined) {
    throw new CliError('Expected --model <provider:id>, got none.', {
      hint: 'For example --model anthropic:claude-sonnet-4-6, or --offline for the built-in demo model.',
    });
  }
  const registry = createModelRegistry({ env: io.env });
  const { provider, modelId } = parseModelId(id);
  const entry = Object.hasOwn(BUILT_IN_PROVIDERS, provider) ? BUILT_IN_PROVIDERS[provider] : undefined;
  if (entry === undefined) registry.model(id); // throws NoSuchProviderError listing the providers

  const undo: (() => Promise<void> | void)[] = [];
  // Every SDK that sends through fetch takes this one (Gemini too, over @google/genai): the global fetch is never swapped.
  const traced =
    tracer === undefined && recorder === undefined
      ? globalThis.fetch
      : traceFetch(
          globalThis.fetch,
          (leg) => {
            tracer?.model(leg);
            recorder?.wire(leg);
          },
          { secrets: secretsFromEnv(io.env) },
        );
  const exchanges = recordLastExchange(traced);
  const fetch = exchanges.fetch;
  try {
    let settings: { baseURL?: string; apiKey?: string } =
      options.baseURL === undefined ? {} : { baseURL: options.baseURL };
    if (options.offline && entry !== undefined) {
      // The demo speaks the wire the model will use: OpenAI reasoning models go through Responses.
      const wire =
        entry.adapter === 'openai' && openAIApiOf(provider, entry, modelId, undefined) === 'responses'
          ? 'openai-responses'
          : entry.adapter;
      if (!isWireProvider(wire)) {
        throw new CliError(
          `The offline demo speaks the OpenAI, Anthropic and Gemini wire formats, not ${entry.adapter}'s.`,
          {
            hint: 'Drop --offline, or use --offline with an openai:, anthropic: or gemini: model.',
          },
        );
      }
      const server = await startDemoServer({ provider: wire });
      undo.push(() => server.close());
      settings = { baseURL: server.baseURL, apiKey: 'offline-demo' };
      io.stderr.write(`Using the built-in offline demo model over the ${wire} wire protocol (no network, no key).\n`);
    }
    const built = registry.model(id, { ...settings, fetch });
    const suggestion = suggestModelId(id);
    if (suggestion !== undefined)
      io.stderr.write(`warning: ${modelIdWarning(provider, modelId, suggestion).message}\n`);
    const model = recorder === undefined ? built : recorder.model(built);
    return {
      model,
      lastExchange: exchanges.last,
      baseURLEnv: entry?.baseURLEnv,
      async close() {
        for (const step of undo.reverse()) await step();
      },
    };
  } catch (error) {
    for (const step of undo.reverse()) await step();
    throw error;
  }
}
