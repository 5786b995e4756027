import { createInterface } from 'node:readline';
import { AgentAbortedError, addUsage } from '@interlingua/agent';
import { APICallError, type Cost, type Message, type ToolApprovalDecision, type Usage } from '@interlingua/core';
import { addCosts, computeCost, createRedactor, ZERO_COST } from '@interlingua/core/adapter';
import { exposeToolName, type McpBridge } from '@interlingua/mcp-bridge';
import { createTraceRecorder } from '../../trace/create-trace-recorder';
import { secretsFromEnv } from '../../trace/secrets-from-env';
import { askToolApprovals } from '../ask-tool-approvals';
import { CliError, EXIT_FAILURE } from '../cli-error';
import type { CliIO } from '../cli-io';
import { createAnswerWriter } from '../create-answer-writer';
import { createSpinner } from '../create-spinner';
import { createTerminalHostHooks } from '../create-terminal-host-hooks';
import { createTerminalPrompter } from '../create-terminal-prompter';
import { describeProviderFailure } from '../describe-provider-failure';
import { formatTotalUsage, formatTurnUsage } from '../format-usage';
import { keepInterruptedAnswer } from '../keep-interrupted-answer';
import { openChatModel } from '../open-chat-model';
import { openMcpBridge, reportUnavailableServers } from '../open-mcp-bridge';
import { createTracePrinter } from '../print-trace';
import { runChatTurn } from '../run-chat-turn';
import { stylesFor } from '../styles-for';

/** Options of `interlingua chat`. */
export type ChatCommandOptions = {
  model: string | undefined;
  mcp: string | undefined;
  system: string | undefined;
  baseURL: string | undefined;
  offline: boolean;
  stream: boolean;
  maxSteps: number | undefined;
  trace: boolean;
  traceFile: string | undefined;
  prompt: string | undefined;
};

/** Exit code of a one-shot chat the user interrupted (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;

/**
 * `interlingua chat`: one-shot with a prompt (or text piped on stdin), else a REPL that keeps
 * the conversation. Prints usage per turn and the total at the end. An MCP server that cannot
 * start is reported and left out. Ctrl-C cancels the turn in progress: its answer so far stays in
 * the history (marked as interrupted) and its usage in the total. Resolves with the exit code.
 */
export async function chatCommand(options: ChatCommandOptions, io: CliIO): Promise<number> {
  const styles = stylesFor(io.stderr, io.env);
  const redact = createRedactor(secretsFromEnv(io.env));
  const answer = createAnswerWriter(io.stdout);
  const spinner = createSpinner(io.stderr);
  const tracer = options.trace
    ? createTracePrinter(io.stderr, styles, redact, () => {
        spinner.stop();
        answer.endLine();
      })
    : undefined;
  let prompt = options.prompt;
  if (prompt === undefined && io.stdin.isTTY !== true) prompt = (await readAll(io.stdin)).trim() || undefined;
  const interactive = prompt === undefined;
  if (interactive && io.stdin.isTTY !== true) {
    throw new CliError('Expected a prompt as an argument or on stdin, got none.', {
      hint: 'For example: interlingua chat --model openai:gpt-4.1 "北京今天天气怎么样？"',
    });
  }

  const recorder =
    options.traceFile === undefined
      ? undefined
      : createTraceRecorder({ file: options.traceFile, redact, source: 'interlingua chat' });
  const session = await openChatModel(options, io, tracer, recorder).catch(async (error: unknown) => {
    await recorder?.close();
    throw error;
  });
  // Servers' sampling and elicitation requests are asked in the terminal, between the spinner's frames.
  const prompter = createTerminalPrompter(io, () => spinner.stop());
  let bridge: McpBridge | undefined;
  let interrupted = false;
  let running: AbortController | undefined;
  try {
    if (options.mcp !== undefined) {
      bridge = await openMcpBridge(options.mcp, tracer, 'skip', recorder, {
        env: io.env,
        ...createTerminalHostHooks(session.model, prompter, io.stderr, io.env),
      });
      reportUnavailableServers(bridge, io.stderr, styles);
      // MCP progress of a long tool call, on the spinner line.
      bridge.subscribe((event) => {
        if (event.type !== 'progress') return;
        const of = event.total === undefined ? `${event.progress}` : `${event.progress}/${event.total}`;
        const name = exposeToolName(event.server, event.tool);
        spinner.update(`running ${name}… ${of}${event.message === undefined ? '' : ` ${event.message}`}`);
      });
    }
    const liveBridge = bridge;
    let messages: Message[] = [];
    let total: Usage = { inputTokens: 0, outputTokens: 0 };
    let totalCost: Cost | 'unknown' = ZERO_COST;
    let turns = 0;
    const shown = { text: '' };
    const turn = async (text: string) => {
      let input: Message[] = [{ role: 'user', content: [{ type: 'text', text }] }];
      let approvals: ToolApprovalDecision[] | undefined;
      // A turn that holds calls for approval asks on the terminal, then resumes with the answers.
      while (true) {
        const held = await run(input, approvals);
        if (held.length === 0) return;
        approvals = await askToolApprovals(held, prompter, styles);
        input = [];
      }
    };
    const run = async (input: Message[], approvals: ToolApprovalDecision[] | undefined) => {
      const controller = new AbortController();
      running = controller;
      // Only while a turn runs: Ctrl-C at any other time ends the CLI as usual.
      const stopListening = io.onInterrupt?.(() => {
        interrupted = true;
        controller.abort();
      });
      const result = await runChatTurn(
        {
          model: session.model,
          // Asked before every model call: the bridge re-lists a server whose tools changed (list_changed).
          tools: liveBridge === undefined ? [] : () => liveBridge.tools(),
          signal: running.signal,
          shown,
          system: options.system,
          history: messages,
          messages: input,
          ...(approvals === undefined ? {} : { approvals }),
          maxSteps: options.maxSteps,
          stream: options.stream,
          ...(recorder === undefined ? {} : { onEvent: recorder.agent }),
        },
        io,
        styles,
        spinner,
        answer,
      ).finally(() => {
        running = undefined;
        stopListening?.();
      });
      messages = result.messages;
      total = addUsage(total, result.usage);
      totalCost = addCosts(totalCost, result.cost);
      // A resumed turn is the same turn.
      if (approvals === undefined) turns += 1;
      // A turn whose model call failed mid-stream still shows the tokens it billed.
      if (result.steps.length > 0 || result.usage.inputTokens + result.usage.outputTokens > 0) {
        io.stderr.write(`${styles.dim(formatTurnUsage(result.usage, result.inputTokensPerStep, result.cost))}\n`);
      }
      if (result.finishReason === 'error') {
        const failure = result.error;
        throw (
          (APICallError.isInstance(failure)
            ? describeProviderFailure(failure, session.lastExchange(), { baseURLEnv: session.baseURLEnv })
            : undefined) ??
          failure ??
          new CliError('The model call failed.', { exitCode: EXIT_FAILURE })
        );
      }
      if (result.finishReason === 'approval-requested') return result.pendingApprovals ?? [];
      if (result.finishReason !== 'stop') {
        io.stderr.write(`${styles.red(`The turn ended with ${result.finishReason}.`)}\n`);
      }
      return [];
    };

    // A cancelled turn: what the user saw stays in the history, marked, and its usage counts.
    const keepCancelled = (error: AgentAbortedError) => {
      messages = keepInterruptedAnswer(error.messages, shown.text);
      // The usage holds the steps and what the cut call billed; a model without a price is 'unknown', never $0.
      const cost = computeCost(error.usage, session.model.pricing);
      total = addUsage(total, error.usage);
      totalCost = addCosts(totalCost, cost);
      turns += 1;
      answer.endLine();
      io.stderr.write(`${styles.dim(`(cancelled) ${formatTurnUsage(error.usage, [], cost)}`)}\n`);
    };

    if (!interactive) {
      try {
        await turn(prompt ?? '');
      } catch (error) {
        if (!(interrupted && AgentAbortedError.isInstance(error))) throw error;
        keepCancelled(error);
        io.stderr.write(`${styles.dim(formatTotalUsage(total, turns, totalCost))}\n`);
        return EXIT_INTERRUPTED;
      }
    } else {
      // Line editing and history on a real terminal; plain lines from anything else.
      const output = isStream(io.stderr) && io.stdin.isTTY === true ? io.stderr : undefined;
      const readline = createInterface({
        input: io.stdin,
        ...(output === undefined ? { terminal: false } : { output, terminal: true }),
      });
      prompter.attach(readline);
      // Ctrl-C cancels the running turn, or leaves when none runs.
      readline.on('SIGINT', () => (running === undefined ? readline.close() : running.abort()));
      const prompt = () => io.stderr.write(styles.bold('› '));
      io.stderr.write(styles.dim('Type a message; /exit or Ctrl-D to leave.\n'));
      prompt();
      try {
        for await (const line of readline) {
          if (line.trim() === '/exit') break;
          if (line.trim() !== '') {
            try {
              await turn(line);
            } catch (error) {
              // In a REPL one failed turn is reported and the conversation goes on; a cancelled one keeps what completed.
              if (AgentAbortedError.isInstance(error)) {
                keepCancelled(error);
              } else {
                io.stderr.write(
                  `${styles.red(`error: ${redact(error instanceof Error ? error.message : String(error))}`)}\n`,
                );
              }
            }
          }
          prompt();
        }
      } finally {
        readline.close();
      }
    }
    io.stderr.write(`${styles.dim(formatTotalUsage(total, turns, totalCost))}\n`);
    if (options.traceFile !== undefined) {
      io.stderr.write(
        `${styles.dim(`trace: ${options.traceFile} (view it with: interlingua trace ${options.traceFile})`)}\n`,
      );
    }
    return 0;
  } finally {
    spinner.stop();
    await bridge?.close();
    await session.close();
    await recorder?.close();
  }
}

function isStream(sink: unknown): sink is NodeJS.WritableStream {
  return typeof (sink as { on?: unknown }).on === 'function';
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
