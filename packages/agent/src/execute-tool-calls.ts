import {
  AbortedError,
  type InterlinguaError,
  InvalidToolArgumentsError,
  type Message,
  NoSuchToolError,
  type ToolCall,
  type ToolExecutionContext,
  ToolExecutionError,
  type ToolResult,
  toToolOutput,
  type UserContentPart,
} from '@interlingua/core';
import { linkAbortSignal, type TelemetrySpan } from '@interlingua/core/adapter';
import type { ToolCallOutcome } from './agent-result';
import type { AgentTool } from './agent-tool';
import type { RepairToolCall, ToolCallProblem } from './repair/repair-tool-call';
import { endToolSpan, startToolSpan } from './telemetry/agent-telemetry';
import { validateToolArguments } from './validate-tool-arguments';

/** How one turn's calls are run. */
export type ExecuteToolCallsOptions = {
  tools: ReadonlyMap<string, AgentTool>;
  concurrency: number;
  timeout: number | undefined;
  signal: AbortSignal | undefined;
  /** The history up to and including the assistant turn that made the calls. */
  messages: readonly Message[];
  /** The turn ended at `length`: calls with unparseable arguments were cut off. */
  truncated: boolean;
  onStart: (toolCall: ToolCall) => void;
  onOutcome: (outcome: ToolCallOutcome) => void;
  /** The run's span, parent of each call's `execute_tool` span. */
  span: TelemetrySpan;
  /** Tool arguments and results go on the spans. */
  recordContent: boolean;
  /** Fixes a call that does not parse, validate or name a known tool, before it is answered with an error. */
  repair?: RepairToolCall | undefined;
};

const maxEchoLength = 500;

/**
 * Runs every call of one assistant turn, at most `concurrency` at a time, and answers
 * each with exactly one result, in call order. Never throws for anything a tool does.
 */
export function executeToolCalls(
  calls: readonly ToolCall[],
  options: ExecuteToolCallsOptions,
): Promise<ToolCallOutcome[]> {
  if (options.concurrency >= calls.length) return Promise.all(calls.map((call) => settle(call, options)));
  return runPool(calls, options);
}

async function runPool(calls: readonly ToolCall[], options: ExecuteToolCallsOptions): Promise<ToolCallOutcome[]> {
  const outcomes = new Array<ToolCallOutcome>(calls.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < calls.length) {
        const index = next++;
        outcomes[index] = await settle(calls[index] as ToolCall, options);
      }
    }),
  );
  return outcomes;
}

function settle(call: ToolCall, options: ExecuteToolCallsOptions): ToolCallOutcome | Promise<ToolCallOutcome> {
  options.onStart(call);
  const span = startToolSpan(options.span, call, options.tools.get(call.name), options.recordContent);
  // Run inside the span, so a span the tool starts (an MCP call) becomes its child.
  const outcome = options.signal?.aborted
    ? answer(call, cancelledText, new AbortedError({ message: cancelledText, cause: options.signal.reason }))
    : span.run(() => executeToolCall(call, options));
  if (!(outcome instanceof Promise)) {
    endToolSpan(span, outcome, options.recordContent);
    options.onOutcome(outcome);
    return outcome;
  }
  return outcome.then((done) => {
    endToolSpan(span, done, options.recordContent);
    options.onOutcome(done);
    return done;
  });
}

const cancelledText = 'The call was cancelled before it completed: the run was aborted.';

// Why a call cannot run as sent (with the error result it gets), or the tool and validated input.
type Checked = { tool: AgentTool; input: unknown } | { problem: ToolCallProblem | undefined; outcome: ToolCallOutcome };

function check(call: ToolCall, options: ExecuteToolCallsOptions): Checked {
  const tool = options.tools.get(call.name);
  if (tool === undefined) {
    const error = new NoSuchToolError({ toolName: call.name, availableTools: [...options.tools.keys()] });
    return {
      problem: { type: 'unknown-tool', message: error.message },
      outcome: answer(call, `${error.message} Call one of the available tools.`, error),
    };
  }
  if (call.argsError !== undefined) {
    const got = echo(call.argsText ?? '');
    const text = options.truncated
      ? `Expected complete arguments for tool "${call.name}", but they were cut off because the response hit the output token limit; got ${got}. Call the tool again with complete (shorter) arguments.`
      : `Invalid arguments for tool "${call.name}": ${call.argsError} Got ${got}. Call the tool again with a JSON object matching its schema.`;
    return {
      problem: { type: 'invalid-json', message: call.argsError },
      outcome: answer(
        call,
        text,
        new InvalidToolArgumentsError({ message: text, toolName: call.name, toolArgs: call.argsText }),
      ),
    };
  }
  try {
    const validation = validateToolArguments(tool, call.args);
    if (!validation.success) {
      const text = `Invalid arguments for tool "${call.name}": ${validation.error}. Got ${echo(JSON.stringify(call.args))}. Call the tool again with arguments matching its schema.`;
      return {
        problem: { type: 'invalid-arguments', message: validation.error },
        outcome: answer(
          call,
          text,
          new InvalidToolArgumentsError({ message: text, toolName: call.name, toolArgs: call.args }),
        ),
      };
    }
    return { tool, input: validation.value };
  } catch (thrown) {
    const text = `Tool "${call.name}" could not validate its arguments: ${describe(thrown)}`;
    return {
      problem: undefined,
      outcome: answer(call, text, new ToolExecutionError({ message: text, cause: thrown })),
    };
  }
}

// Synchronous up to `execute`: a turn's calls cost no extra promise ticks before they run.
function executeToolCall(call: ToolCall, options: ExecuteToolCallsOptions): ToolCallOutcome | Promise<ToolCallOutcome> {
  const checked = check(call, options);
  if ('tool' in checked) return run(call, checked.tool, checked.input, options);
  // Arguments cut off at the token limit are incomplete, not mistyped: nothing to repair.
  const cutOff = options.truncated && checked.problem?.type === 'invalid-json';
  if (options.repair === undefined || checked.problem === undefined || cutOff) return checked.outcome;
  return repairAndRun(call, checked.problem, checked.outcome, options.repair, options);
}

/** Asks `repairToolCall` for a fixed call; runs it when it checks out, else answers with the original error. */
async function repairAndRun(
  call: ToolCall,
  problem: ToolCallProblem,
  failure: ToolCallOutcome,
  repair: RepairToolCall,
  options: ExecuteToolCallsOptions,
): Promise<ToolCallOutcome> {
  let fixed: ToolCall | undefined | null;
  try {
    const tools = [...options.tools.values()].map(({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema,
    }));
    fixed = await repair({ toolCall: call, problem, tools, messages: options.messages });
  } catch {
    // A repair function that throws repairs nothing: the call gets the error it had.
    return failure;
  }
  if (fixed === undefined || fixed === null) return failure;
  // The fixed call keeps the id its result answers; its raw text went with the fault.
  const { argsText: _text, argsError: _error, ...clean } = fixed;
  const repaired: ToolCall =
    fixed.argsError === undefined ? { ...clean, type: 'tool-call', id: call.id } : { ...fixed, id: call.id };
  const checked = check(repaired, options);
  if (!('tool' in checked)) return failure;
  const outcome = await run(repaired, checked.tool, checked.input, options);
  return { ...outcome, repair: { original: call, problem } };
}

type Interruption = { interrupted: 'timeout' | 'aborted' };

async function run(
  call: ToolCall,
  tool: AgentTool,
  input: unknown,
  options: ExecuteToolCallsOptions,
): Promise<ToolCallOutcome> {
  const { signal, timeout } = options;
  const controller = signal === undefined && timeout === undefined ? undefined : new AbortController();
  // Each call its own signal, even one that never fires: a shared one would collect the listeners
  // every call's `fetch` or SDK request adds. One that never fires is made when the tool first
  // reads it (an AbortController is the costliest object of a call that does not).
  const context: ToolExecutionContext =
    controller === undefined
      ? quietContext(call.id, options.messages)
      : { toolCallId: call.id, signal: controller.signal, messages: options.messages };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Linked, not listened to directly: a run's calls in flight would each add a listener to it.
  const link = signal === undefined ? undefined : linkAbortSignal(signal);
  try {
    // `input` passed validation against this tool's own schema, the contract `execute` relies on.
    const returned = tool.execute(input as never, context);
    let value: unknown;
    if (controller === undefined) value = await returned;
    else {
      const work = Promise.resolve(returned);
      const interruption = new Promise<Interruption>((resolve) => {
        if (timeout !== undefined) {
          timer = setTimeout(() => {
            controller.abort(new DOMException(`Tool "${call.name}" timed out after ${timeout} ms.`, 'TimeoutError'));
            resolve({ interrupted: 'timeout' });
          }, timeout);
        }
        if (link !== undefined) {
          const onAbort = () => {
            controller.abort(link.signal.reason);
            resolve({ interrupted: 'aborted' });
          };
          if (link.signal.aborted) onAbort();
          else link.signal.addEventListener('abort', onAbort, { once: true });
        }
      });
      const raced = await Promise.race([work.then((result) => ({ result })), interruption]);
      if ('interrupted' in raced) {
        if (raced.interrupted === 'aborted') {
          return answer(call, cancelledText, new AbortedError({ message: cancelledText, cause: signal?.reason }));
        }
        const text = `Tool "${call.name}" did not finish within ${timeout} ms and was cancelled. Try again, or with a smaller request.`;
        return answer(call, text, new ToolExecutionError({ message: text, cause: controller.signal.reason }));
      }
      value = raced.result;
    }
    const output = toToolOutput(value);
    const result: ToolResult = {
      type: 'tool-result',
      toolCallId: call.id,
      toolName: call.name,
      content: output.content,
      isError: output.isError === true,
    };
    if (output.isError !== true) return { toolCall: call, result };
    const text = output.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(' ');
    return {
      toolCall: call,
      result,
      error: new ToolExecutionError({ message: `Tool "${call.name}" reported an error: ${text}`, cause: output.cause }),
    };
  } catch (thrown) {
    const text = `Tool "${call.name}" failed: ${describe(thrown)}`;
    return answer(call, text, new ToolExecutionError({ message: text, cause: thrown }));
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    link?.release();
  }
}

// The never-firing signal of each quiet context, made when its tool first reads it.
const quietSignals = new WeakMap<object, AbortSignal>();

// One accessor for every quiet context: an object literal with its own getter costs a closure and
// a slow property definition per call.
const quietSignal: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: object): AbortSignal {
    let signal = quietSignals.get(this);
    if (signal === undefined) {
      signal = new AbortController().signal;
      quietSignals.set(this, signal);
    }
    return signal;
  },
};

/** The context of a call nothing can cancel: its own signal, made on first read, that never fires. */
function quietContext(toolCallId: string, messages: readonly Message[]): ToolExecutionContext {
  const context = { toolCallId } as { toolCallId: string; signal: AbortSignal; messages: readonly Message[] };
  Object.defineProperty(context, 'signal', quietSignal);
  context.messages = messages;
  return context;
}

/** An error result whose text the model reads, and the typed error the host sees. */
export function answer(call: ToolCall, text: string, error: InterlinguaError): ToolCallOutcome {
  const content: UserContentPart[] = [{ type: 'text', text }];
  return {
    toolCall: call,
    result: { type: 'tool-result', toolCallId: call.id, toolName: call.name, content, isError: true },
    error,
  };
}

function describe(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name;
  try {
    return typeof thrown === 'string' ? thrown : (JSON.stringify(thrown) ?? String(thrown));
  } catch {
    return String(thrown);
  }
}

function echo(text: string): string {
  return text.length > maxEchoLength ? `${text.slice(0, maxEchoLength)}…` : text;
}
