import type { ChatRequest } from '@interlingua/core';

/** Tokens counted for an image or file part, whatever its size (providers charge roughly this for an image). */
const MEDIA_TOKENS = 1_000;

/**
 * A rough count of a request's prompt tokens, without a tokenizer: about 4 characters per token
 * (one per CJK character) over the system prompt, every text, tool call and result, and the tool
 * schemas; {@link MEDIA_TOKENS} per image or file. Used to reserve `tpm` before the call (the
 * real usage settles it after), for `count_tokens`, and for `message_start`.
 */
export function estimateInputTokens(request: ChatRequest): number {
  let characters = 0;
  let cjk = 0;
  let media = 0;
  const add = (text: string) => {
    characters += text.length;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code >= 0x3000 && code <= 0x9fff) cjk++;
    }
  };
  if (request.system !== undefined) add(request.system);
  for (const message of request.messages) {
    for (const part of message.content) {
      switch (part.type) {
        case 'text':
        case 'reasoning':
          add(part.text);
          break;
        case 'tool-call':
          add(part.name);
          add(part.argsText ?? JSON.stringify(part.args));
          break;
        case 'tool-result':
          add(part.toolName);
          for (const inner of part.content) {
            if (inner.type === 'text') add(inner.text);
            else media++;
          }
          break;
        case 'image':
        case 'file':
          media++;
          break;
        default:
          break;
      }
    }
  }
  for (const tool of request.tools ?? []) {
    add(tool.name);
    add(tool.description);
    add(JSON.stringify(tool.inputSchema));
  }
  return cjk + Math.ceil((characters - cjk) / 4) + media * MEDIA_TOKENS;
}
