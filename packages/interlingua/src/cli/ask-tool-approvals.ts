import type { ToolApprovalDecision, ToolCall } from '@interlingua/core';
import type { TerminalPrompter } from './create-terminal-prompter';
import type { Styles } from './styles-for';

const maxShownArgs = 300;

/**
 * Asks on the terminal about each call a turn holds for approval: `y` runs it; `n` (or nothing)
 * denies it, with the rest of the line as the reason the model reads (`n not that file`), or a
 * reason asked for on the next line. No answer at all (end of input) denies the call.
 */
export async function askToolApprovals(
  calls: readonly ToolCall[],
  prompter: TerminalPrompter,
  styles: Styles,
): Promise<ToolApprovalDecision[]> {
  const decisions: ToolApprovalDecision[] = [];
  for (const call of calls) {
    const approvalId = call.approval?.approvalId ?? call.id;
    const args = JSON.stringify(call.args);
    const shown = args.length > maxShownArgs ? `${args.slice(0, maxShownArgs)}…` : args;
    const answer = await prompter.ask(`${styles.bold('Allow')} ${call.name} ${shown}? [y/N, or n <reason>] `);
    if (answer === undefined) {
      decisions.push({ approvalId, approved: false, reason: 'No answer came from the terminal.' });
      continue;
    }
    const match = /^\s*(y|yes|n|no)?\b[\s:,-]*(.*)$/iu.exec(answer);
    const word = match?.[1]?.toLowerCase();
    if (word === 'y' || word === 'yes') {
      decisions.push({ approvalId, approved: true });
      continue;
    }
    let reason = (word === undefined ? answer : (match?.[2] ?? '')).trim();
    if (reason === '') reason = ((await prompter.ask('Reason (optional, the model reads it): ')) ?? '').trim();
    decisions.push({ approvalId, approved: false, ...(reason === '' ? {} : { reason }) });
  }
  return decisions;
}
