import {
  type ChatRequest,
  functionToolsOf,
  isHostedTool,
  type Message,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import { warnUnsupportedHostedTool } from '@interlingua/core/adapter';
import type { EmulationFormat } from './emulation-format';

/** Options of {@link encodeEmulatedRequest}. */
export type EncodeEmulatedRequestOptions = {
  /** Ask for at most one call per reply (`parallelToolCalls: false`). */
  singleCall?: boolean;
};

/**
 * Rewrites a request with tools into one a text-only model can follow: the tools and the reply
 * format are described in the system prompt, `toolChoice` becomes an instruction, earlier calls
 * and results are replayed as text in the format, and the format's stop sequences are added.
 * `tools` and `toolChoice` are removed from the request.
 */
export function encodeEmulatedRequest(
  request: ChatRequest,
  format: EmulationFormat,
  options: EncodeEmulatedRequestOptions = {},
): { request: ChatRequest; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const tools = functionToolsOf(request.tools);
  (request.tools ?? []).forEach((tool, index) => {
    if (isHostedTool(tool)) warnings.push(warnUnsupportedHostedTool(tool, index, 'a model without native tools'));
  });
  const choice = request.toolChoice ?? 'auto';
  const describe = tools.length > 0 && choice !== 'none';
  const instructions: string[] = [];

  if (describe) {
    warnings.push({
      type: 'degraded',
      feature: 'tools',
      message: `This model has no native tool calling; tools are described in the system prompt and calls are parsed from its text (${format.name} format).`,
    });
    if (choice === 'required') {
      instructions.push('You must use at least one tool in this reply before answering.');
    } else if (typeof choice === 'object') {
      instructions.push(`You must use the tool ${choice.name} in this reply.`);
    }
    if (choice === 'required' || typeof choice === 'object') {
      warnings.push({
        type: 'degraded',
        feature: 'toolChoice',
        message: `toolChoice ${JSON.stringify(choice)} is emulated by an instruction in the prompt; the model may not follow it.`,
      });
    }
    if (options.singleCall === true) instructions.push('Use at most one tool per reply.');
  }

  const messages: Message[] = [];
  const pushUser = (content: UserContentPart[]) => {
    const last = messages.at(-1);
    // Results replayed as a user turn may meet a real user turn: one turn, in order.
    if (last?.role === 'user') last.content = [...last.content, ...content];
    else messages.push({ role: 'user', content });
  };
  for (const message of request.messages) {
    switch (message.role) {
      case 'user':
        pushUser([...message.content]);
        break;
      case 'assistant': {
        // Turns with calls or reasoning are replayed in the format, so the model sees its own history.
        const needsRendering = message.content.some((part) => part.type === 'tool-call' || part.type === 'reasoning');
        if (!needsRendering) {
          messages.push(message);
          break;
        }
        messages.push({ role: 'assistant', content: [{ type: 'text', text: format.renderAssistant(message) }] });
        break;
      }
      case 'tool':
        pushUser(format.renderToolResults(message));
        break;
      default: {
        const exhaustive: never = message;
        throw new Error(`Unknown message ${JSON.stringify(exhaustive)}`);
      }
    }
  }

  const { tools: _tools, toolChoice: _toolChoice, ...rest } = request;
  const system = [request.system, describe ? format.describeTools(tools, instructions) : undefined]
    .filter((part): part is string => part !== undefined && part !== '')
    .join('\n\n');
  const stopSequences = describe ? [...(request.stopSequences ?? []), ...format.stopSequences] : request.stopSequences;
  return {
    request: {
      ...rest,
      messages,
      ...(system === '' ? {} : { system }),
      ...(stopSequences === undefined ? {} : { stopSequences }),
    },
    warnings,
  };
}
