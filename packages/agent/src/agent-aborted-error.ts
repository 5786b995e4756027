import { AbortedError, InterlinguaError, type Message, type Usage } from '@interlingua/core';
import type { AgentStep } from './agent-result';

/**
 * The run's `AbortSignal` fired (code `ABORTED`). It carries what completed: `messages` is
 * a valid history (finished steps, and for a step cut short in its tools, the calls that
 * completed with their results and the others answered as cancelled), ready to resume.
 */
export class AgentAbortedError extends AbortedError {
  /** The history up to what completed; valid to send or resume. */
  readonly messages: Message[];
  /** The steps that ran, the interrupted one included when it got as far as its tools. */
  readonly steps: AgentStep[];
  /** Usage of the steps that ran, and the tokens billed by the model call the abort cut short. */
  override readonly usage: Usage;

  constructor(options: { message: string; cause?: unknown; messages: Message[]; steps: AgentStep[]; usage: Usage }) {
    super({ message: options.message, cause: options.cause });
    this.name = 'AgentAbortedError';
    this.messages = options.messages;
    this.steps = options.steps;
    this.usage = options.usage;
  }

  /** True for an aborted agent run, from any copy of this package. */
  static override isInstance(error: unknown): error is AgentAbortedError {
    return InterlinguaError.hasCode(error, 'ABORTED') && 'steps' in error && 'messages' in error;
  }
}
