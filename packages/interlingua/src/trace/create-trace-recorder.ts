import type { AgentEvent } from '@interlingua/agent';
import type { ChatModel } from '@interlingua/core';
import { createRedactor } from '@interlingua/core/adapter';
import type { GatewayTap } from '@interlingua/gateway';
import type { McpTraceFrame } from '@interlingua/mcp-bridge';
import { version } from '../../package.json';
import { secretsFromEnv } from './secrets-from-env';
import { type ModelTraceLeg, traceFetch } from './trace-fetch';
import { createGatewayTracer } from './trace-gateway-exchanges';
import { createTraceLineWriter } from './trace-line-writer';
import { createModelCallTracer } from './trace-model-calls';

/** Where a trace goes and how it is redacted. */
export type TraceRecorderOptions = {
  /** Write the trace to this file (created, or emptied), one JSON line per leg. */
  file?: string;
  /** Or hand each line (without its newline) to this function. */
  write?: (line: string) => void;
  /** Applied to every string of every line; default: the CLI's redactor over the API keys of `process.env`. */
  redact?: (text: string) => string;
  /** Named in the first line, e.g. `interlingua chat`. */
  source?: string;
};

/**
 * Records a run as trace lines (see `traceLineSchema`): hand its pieces to the model, the MCP
 * bridge and the agent loop. Nothing is recorded, and nothing costs, where it is not attached.
 */
export type TraceRecorder = {
  /** A `fetch` that records each model HTTP request and response; `model(id, { trace })` passes it for you. */
  fetch(base?: typeof fetch): typeof fetch;
  /** Records one leg of a `traceFetch` you already have (it belongs to the model call running when it happens). */
  wire(leg: ModelTraceLeg): void;
  /** `model` with each call's IR request and response recorded beside its HTTP legs. */
  model(model: ChatModel): ChatModel;
  /** Records the HTTP legs of an SDK that always sends through the global `fetch` (`@google/generative-ai`), until `close()`. */
  traceGlobalFetch(): void;
  /** For `McpBridge.fromConfig(…, { onTrace })`: every JSON-RPC frame, both directions. */
  readonly mcp: (frame: McpTraceFrame) => void;
  /** For `runAgent({ onEvent })`: tool calls, their results and timings, and each run's totals. */
  readonly agent: (event: AgentEvent) => void;
  /** For `createGateway(…, { tap })` (`createBuiltInGateway(…, { trace })` passes it): each client request and its answer. */
  readonly gateway: GatewayTap;
  /** Stops recording and closes the file. */
  close(): Promise<void>;
};

const GEMINI_CALL = /\/models\/[^/?]+:(generateContent|streamGenerateContent|countTokens)/;

/**
 * Starts a trace: one JSON line per wire leg — MCP frames, model request and response bodies as
 * sent (streams as their events) with the IR beside them, tool calls and results, usage, cost,
 * warnings and timings — every string redacted. `interlingua trace run.jsonl` shows the file.
 *
 * @example
 * const trace = createTraceRecorder({ file: 'run.jsonl' });
 * const bridge = await McpBridge.fromConfig('./mcp.json', { onTrace: trace.mcp });
 * const claude = model('anthropic:claude-sonnet-4-6', { trace });
 * await runAgent({ model: claude, tools: await bridge.tools(), messages, onEvent: trace.agent });
 * await trace.close();
 */
export function createTraceRecorder(options: TraceRecorderOptions): TraceRecorder {
  const target =
    options.file !== undefined
      ? { file: options.file }
      : options.write !== undefined
        ? { write: options.write }
        : undefined;
  if (target === undefined) throw new TypeError('Expected `file` or `write` for the trace, got neither.');
  const writer = createTraceLineWriter(target, options.redact ?? createRedactor(secretsFromEnv(process.env)));
  const calls = createModelCallTracer(writer);
  const toolStarts = new Map<string, number>();
  const undo: (() => void)[] = [];
  writer.write({ type: 'trace-start', source: options.source ?? 'library', version });

  return {
    fetch: (base = globalThis.fetch) => traceFetch(base, (leg) => calls.wire(leg)),
    wire: (leg) => calls.wire(leg),
    model: (model) => calls.wrap(model),
    gateway: createGatewayTracer(writer),
    traceGlobalFetch() {
      if (undo.length > 0) return;
      const original = globalThis.fetch;
      const traced = traceFetch(original, (leg) => calls.wire(leg));
      globalThis.fetch = (input, init) =>
        calls.inCall() && GEMINI_CALL.test(input instanceof Request ? input.url : String(input))
          ? traced(input, init)
          : original(input, init);
      undo.push(() => {
        globalThis.fetch = original;
      });
    },
    mcp(frame) {
      writer.write({ type: 'mcp', server: frame.server, direction: frame.direction, message: frame.message });
    },
    agent(event) {
      switch (event.type) {
        case 'tool-call':
          toolStarts.set(event.toolCall.id, writer.now());
          writer.write({ type: 'tool-call', step: event.step, toolCall: event.toolCall });
          return;
        case 'tool-result': {
          const started = toolStarts.get(event.toolCall.id) ?? writer.now();
          toolStarts.delete(event.toolCall.id);
          writer.write({
            type: 'tool-result',
            step: event.step,
            toolCallId: event.toolCall.id,
            toolName: event.toolCall.name,
            isError: event.result.isError,
            result: event.result,
            ...(event.error === undefined
              ? {}
              : { error: { name: event.error.name, message: event.error.message, code: event.error.code } }),
            durationMs: Math.round((writer.now() - started) * 10) / 10,
          });
          return;
        }
        case 'finish': {
          const { result } = event;
          writer.write({
            type: 'run-finish',
            finishReason: result.finishReason,
            steps: result.steps.length,
            usage: result.usage,
            cost: result.cost,
            warnings: result.warnings,
          });
          return;
        }
        default:
          return;
      }
    },
    async close() {
      for (const step of undo.splice(0)) step();
      writer.close();
    },
  };
}
