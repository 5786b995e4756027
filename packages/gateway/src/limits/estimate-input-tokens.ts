import { type ChatRequest, isHostedTool } from '@interlingua/core';
import { createTokenTally } from './token-tally';

/**
 * A rough count of a request's prompt tokens, without a tokenizer (the estimator of
 * {@link createTokenTally}) over the system prompt, every text, tool call and result, and the tool
 * schemas; a fixed count per image or file. Used to reserve `tpm` before the call (the real usage
 * settles it after), for `count_tokens`, for `message_start`, and to charge a stream that ended
 * before the backend reported its usage.
 */
export function estimateInputTokens(request: ChatRequest): number {
  const tally = createTokenTally();
  if (request.system !== undefined) tally.add(request.system);
  for (const message of request.messages) {
    for (const part of message.content) {
      switch (part.type) {
        case 'text':
        case 'reasoning':
          tally.add(part.text);
          break;
        case 'tool-call':
          tally.add(part.name);
          tally.add(part.argsText ?? JSON.stringify(part.args));
          break;
        case 'tool-result':
          tally.add(part.toolName);
          for (const inner of part.content) {
            if (inner.type === 'text') tally.add(inner.text);
            else tally.addMedia();
          }
          break;
        case 'image':
        case 'file':
          tally.addMedia();
          break;
        default:
          break;
      }
    }
  }
  for (const tool of request.tools ?? []) {
    if (isHostedTool(tool)) {
      tally.add(JSON.stringify(tool));
      continue;
    }
    tally.add(tool.name);
    tally.add(tool.description);
    tally.add(JSON.stringify(tool.inputSchema));
  }
  return tally.tokens;
}
