import { type ChatRequest, isHostedTool, type Message } from '@interlingua/core';

/** Flat cost of an image or file part; real costs vary by provider and size (Anthropic: about (w·h)/750). */
const binaryPartTokens = 1_000;
/** Per-message and per-part framing tokens (role markers, separators) that every chat format adds. */
const messageOverhead = 4;

/**
 * A tokenizer-free token estimate of what a request sends: system prompt, messages and
 * tools. The heuristic: one token per 4 ASCII characters, one per non-ASCII character
 * (CJK text runs close to a token per character), 4 tokens of framing per message and
 * part, and 1,000 per image or file. It errs high for CJK and low for dense code; pass a
 * real tokenizer to `tokenBudget({ estimate })` where exact counts matter.
 */
export function estimateTokens(request: Pick<ChatRequest, 'system' | 'messages' | 'tools'>): number {
  let tokens = request.system === undefined ? 0 : countText(request.system) + messageOverhead;
  for (const tool of request.tools ?? []) {
    tokens += isHostedTool(tool)
      ? countText(JSON.stringify(tool))
      : countText(tool.name) + countText(tool.description) + countText(JSON.stringify(tool.inputSchema));
  }
  for (const message of request.messages) tokens += estimateMessageTokens(message);
  return tokens;
}

/** The {@link estimateTokens} share of one message. */
export function estimateMessageTokens(message: Message): number {
  let tokens = messageOverhead;
  for (const part of message.content) {
    tokens += messageOverhead;
    switch (part.type) {
      case 'text':
      case 'reasoning':
        tokens += countText(part.text);
        break;
      case 'image':
      case 'file':
        tokens += binaryPartTokens;
        break;
      case 'tool-call':
        tokens += countText(part.name) + countText(part.argsText ?? JSON.stringify(part.args));
        break;
      case 'hosted-tool-call':
        tokens += countText(part.name) + countText(JSON.stringify(part.input));
        break;
      case 'hosted-tool-result':
        tokens += countText(part.output ?? '') + countText(JSON.stringify(part.sources ?? []));
        break;
      case 'tool-result':
        tokens += countText(part.toolName);
        for (const item of part.content) tokens += item.type === 'text' ? countText(item.text) : binaryPartTokens;
        break;
      default: {
        const exhaustive: never = part;
        throw new Error(`Unknown part ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  return tokens;
}

function countText(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 128) ascii++;
    // A surrogate pair is one character: count its high half only.
    else if (code < 0xdc00 || code > 0xdfff) other++;
  }
  return Math.ceil(ascii / 4) + other;
}
