import type { Message } from '../ir/message';

/**
 * Whether a tool's calls wait for a person's decision before they run: `true` (always), `false`
 * (never, the default), or a predicate on the call's validated arguments (e.g. "deletes outside
 * the scratch folder"). A predicate that throws counts as `true`: when in doubt, ask.
 */
export type NeedsApproval<Input = unknown> =
  | boolean
  | ((input: Input, context: { toolCallId: string; messages: readonly Message[] }) => boolean | Promise<boolean>);
