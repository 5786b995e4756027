import type { ChatRequest } from '../ir/chat-request';
import type { TextPart } from '../ir/content-parts';
import type { Warning } from '../ir/warning';

/**
 * The request's `systemParts` when a codec with system blocks may send them: present and still
 * saying what `system` says (their texts joined by `\n`). Parts that disagree with `system` (the
 * prompt was edited and the parts left behind) are not sent: `undefined`, with a warning, so the
 * codec sends `system` as one block.
 */
export function readSystemParts(request: ChatRequest, warnings: Warning[]): readonly TextPart[] | undefined {
  const parts = request.systemParts;
  if (parts === undefined || parts.length === 0) return undefined;
  if (request.system !== undefined && parts.map((part) => part.text).join('\n') === request.system) return parts;
  warnings.push({
    type: 'degraded',
    feature: 'systemParts',
    message:
      "Expected systemParts whose texts, joined by newlines, are the request's system prompt; they were not sent (the system prompt was, as one block, without their cache breakpoints).",
  });
  return undefined;
}
