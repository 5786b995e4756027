import { type AgentEvent, type AgentOptions, type AgentResult, runAgent, streamAgent } from '@interlingua/agent';
import type { ChatModel, Message, ToolApprovalDecision, ToolResult } from '@interlingua/core';
import type { CliIO } from './cli-io';
import type { AnswerWriter } from './create-answer-writer';
import type { Spinner } from './create-spinner';
import type { Styles } from './styles-for';

/** What one chat turn needs. */
export type ChatTurnOptions = {
  model: ChatModel;
  /** A function is asked before every model call, so tools an MCP server changed mid-turn are offered. */
  tools: NonNullable<AgentOptions['tools']>;
  system: string | undefined;
  history: Message[];
  messages: Message[];
  maxSteps: number | undefined;
  stream: boolean;
  /** Cancels the turn (Ctrl-C in the REPL). */
  signal?: AbortSignal;
  /** Filled with the text shown of the model call in progress, so an interrupted turn can keep it. */
  shown?: { text: string };
  /** Also receives every event of the run (the trace recorder). */
  onEvent?: (event: AgentEvent) => void;
  /** Decisions on the calls the previous run held for approval: the turn resumes with them. */
  approvals?: ToolApprovalDecision[];
};

/**
 * Runs one user turn through the agent loop, printing as it happens: the answer to stdout
 * (streamed), tool calls and results to stderr, a spinner while waiting (TTY only).
 */
export async function runChatTurn(
  options: ChatTurnOptions,
  io: CliIO,
  styles: Styles,
  spinner: Spinner,
  answer: AnswerWriter,
): Promise<AgentResult> {
  const agentOptions = {
    model: options.model,
    tools: options.tools,
    history: options.history,
    messages: options.messages,
    ...(options.system === undefined ? {} : { system: options.system }),
    ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.approvals === undefined ? {} : { approvals: options.approvals }),
  };
  const printer = createTurnPrinter(io, styles, spinner, answer, options.shown ?? { text: '' });
  try {
    const observe = options.onEvent;
    if (!options.stream) {
      return await runAgent({
        ...agentOptions,
        onEvent: (event) => {
          observe?.(event);
          printer.print(event, true);
        },
      });
    }
    let result: AgentResult | undefined;
    // Printed from `onEvent`, called as each event happens, so output and trace keep the wire order.
    const onEvent = (event: AgentEvent) => {
      observe?.(event);
      printer.print(event, false);
    };
    for await (const event of streamAgent({ ...agentOptions, onEvent })) {
      if (event.type === 'finish') result = event.result;
    }
    if (result === undefined) throw new Error('The agent stream ended without a finish event.');
    return result;
  } finally {
    spinner.stop();
    printer.endLine();
  }
}

function createTurnPrinter(io: CliIO, styles: Styles, spinner: Spinner, answer: AnswerWriter, shown: { text: string }) {
  const endLine = () => answer.endLine();
  const writeText = (text: string) => {
    if (text === '') return;
    spinner.stop();
    answer.write(text);
    shown.text += text;
  };
  return {
    endLine,
    print(event: AgentEvent, wholeAnswers: boolean) {
      switch (event.type) {
        case 'step-start':
          shown.text = '';
          spinner.start(event.step === 0 ? 'thinking…' : 'reading the tool results…');
          return;
        case 'text-delta':
          writeText(event.text);
          return;
        case 'tool-call':
          spinner.stop();
          endLine();
          io.stderr.write(
            `${styles.cyan('  → tool call')} ${event.toolCall.name} ${JSON.stringify(event.toolCall.args)}\n`,
          );
          spinner.start(`running ${event.toolCall.name}…`);
          return;
        case 'tool-approval-request':
          spinner.stop();
          endLine();
          io.stderr.write(
            `${styles.bold('  ? needs approval')} ${event.toolCall.name} ${JSON.stringify(event.toolCall.args)}\n`,
          );
          return;
        case 'tool-result':
          spinner.stop();
          io.stderr.write(`${formatResult(event.result, styles)}\n`);
          return;
        case 'step-finish':
          spinner.stop();
          if (wholeAnswers) {
            const text = event.step.response.message.content
              .map((part) => (part.type === 'text' ? part.text : ''))
              .join('');
            writeText(text);
          }
          endLine();
          return;
        case 'reasoning-delta':
        case 'tool-call-start':
        case 'tool-call-delta':
        case 'tool-call-end':
        case 'hosted-tool-call':
        case 'hosted-tool-result':
        case 'finish':
          return;
        default: {
          const exhaustive: never = event;
          throw new Error(`Unknown agent event ${JSON.stringify(exhaustive)}`);
        }
      }
    },
  };
}

function formatResult(result: ToolResult, styles: Styles): string {
  const text = result.content
    .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return result.isError ? styles.red(`  ✗ tool error  ${shown}`) : `${styles.cyan('  ← tool result')} ${shown}`;
}
