import type { ChatModel } from '@interlingua/core';
import { parseModelId } from '@interlingua/core';
import { BUILT_IN_PROVIDERS } from '../built-in-providers';
import { createModelRegistry } from '../create-model-registry';
import { startDemoServer } from '../demo/start-demo-server';
import type { TraceRecorder } from '../trace/create-trace-recorder';
import { traceFetch } from '../trace/trace-fetch';
import { isWireProvider } from '../wire-codecs';
import { CliError } from './cli-error';
import type { CliIO } from './cli-io';
import type { TracePrinter } from './print-trace';

/** The model of a `chat` session, and what to undo when it ends. */
export type ChatModelSession = { model: ChatModel; close(): Promise<void> };

const GEMINI_CALL = /\/models\/[^/?]+:(generateContent|streamGenerateContent|countTokens)/;

/** The model `--offline` uses when `--model` is not given. */
export const DEFAULT_OFFLINE_MODEL = 'anthropic:claude-sonnet-4-6';

/**
 * Resolves `--model` through the registry; with `--offline`, first starts the demo server in
 * the provider's wire format and points the model at it. With `--trace` (printed) or
 * `--trace-file` (recorded), every model request and response passes through a tracing `fetch` — handed to the SDKs that take one and, for
 * Gemini's SDK (which always uses the global one), installed as the global `fetch` until
 * `close()`.
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
  const { provider } = parseModelId(id);
  const entry = Object.hasOwn(BUILT_IN_PROVIDERS, provider) ? BUILT_IN_PROVIDERS[provider] : undefined;
  if (entry === undefined) registry.model(id); // throws NoSuchProviderError listing the providers

  const undo: (() => Promise<void> | void)[] = [];
  const originalFetch = globalThis.fetch;
  let fetch: typeof globalThis.fetch | undefined;
  if (tracer !== undefined || recorder !== undefined) {
    fetch = traceFetch(originalFetch, (leg) => {
      tracer?.model(leg);
      recorder?.wire(leg);
    });
    if (entry?.adapter === 'gemini') {
      const traced = fetch;
      // Only the model's calls: an MCP server over HTTP also uses the global fetch, and its frames are traced already.
      globalThis.fetch = (input, init) =>
        GEMINI_CALL.test(input instanceof Request ? input.url : String(input))
          ? traced(input, init)
          : originalFetch(input, init);
      undo.push(() => {
        globalThis.fetch = originalFetch;
      });
    }
  }
  try {
    let settings: { baseURL?: string; apiKey?: string } =
      options.baseURL === undefined ? {} : { baseURL: options.baseURL };
    if (options.offline && entry !== undefined) {
      if (!isWireProvider(entry.adapter)) {
        throw new CliError(
          `The offline demo speaks the OpenAI, Anthropic and Gemini wire formats, not ${entry.adapter}'s.`,
          {
            hint: 'Drop --offline, or use --offline with an openai:, anthropic: or gemini: model.',
          },
        );
      }
      const server = await startDemoServer({ provider: entry.adapter });
      undo.push(() => server.close());
      settings = { baseURL: server.baseURL, apiKey: 'offline-demo' };
      io.stderr.write(
        `Using the built-in offline demo model over the ${entry.adapter} wire protocol (no network, no key).\n`,
      );
    }
    const built = registry.model(id, { ...settings, ...(fetch === undefined ? {} : { fetch }) });
    const model = recorder === undefined ? built : recorder.model(built);
    return {
      model,
      async close() {
        for (const step of undo.reverse()) await step();
      },
    };
  } catch (error) {
    for (const step of undo.reverse()) await step();
    throw error;
  }
}
