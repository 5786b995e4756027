import {
  type ChatRequest,
  type CodecResult,
  type EncodeRequestOptions,
  functionToolsOf,
  isHostedTool,
  type ToolResultContentPart,
  type Warning,
} from '@interlingua/core';
import {
  renderHostedToolPart,
  renderToolReferences,
  toolReferenceText,
  warnDeferredTools,
  warnPromptCache,
  warnUnsupportedHostedTool,
} from '@interlingua/core/adapter';
import type { AcmeRequest, AcmeTurn } from './acme-api';

/**
 * IR request → Acme body. Acme turns carry text only: images and files become a note, with a
 * warning; reasoning is not sent, with a warning; several text parts of a turn are joined.
 */
export function encodeAcmeRequest(input: ChatRequest, options: EncodeRequestOptions): CodecResult<AcmeRequest> {
  const warnings: Warning[] = [];
  // Acme has no tool references (a client-side tool search's answer): the referenced tools as text.
  const request = renderToolReferences(input, 'Acme', warnings);
  const turns: AcmeTurn[] = request.messages.map((message, index): AcmeTurn => {
    switch (message.role) {
      case 'user':
        return { speaker: 'human', text: textOf(message.content, `messages[${index}]`, warnings) };
      case 'assistant': {
        // A provider-run tool's call and result reach Acme as text: Acme cannot replay them.
        const text = message.content
          .flatMap((part) =>
            part.type === 'text'
              ? [part.text]
              : part.type === 'hosted-tool-call' || part.type === 'hosted-tool-result'
                ? [renderHostedToolPart(part)]
                : [],
          )
          .join('');
        const calls = message.content.flatMap((part) =>
          part.type === 'tool-call' ? [{ ref: part.id, fn: part.name, params: part.args }] : [],
        );
        if (message.content.some((part) => part.type === 'reasoning'))
          warnings.push({
            type: 'unsupported',
            feature: `messages[${index}].reasoning`,
            message: 'Acme has no reasoning field: not sent.',
          });
        return { speaker: 'bot', ...(text === '' ? {} : { text }), ...(calls.length === 0 ? {} : { calls }) };
      }
      case 'tool':
        return {
          speaker: 'tool',
          results: message.content.map((result) => ({
            ref: result.toolCallId,
            output: textOf(result.content, `messages[${index}].results(${result.toolCallId})`, warnings),
            ...(result.isError ? { failed: true } : {}),
          })),
        };
      default: {
        const exhaustive: never = message;
        throw new Error(`Unknown message ${JSON.stringify(exhaustive)}`);
      }
    }
  });
  (request.tools ?? []).forEach((tool, index) => {
    if (isHostedTool(tool)) warnings.push(warnUnsupportedHostedTool(tool, index, 'Acme'));
  });
  const tools = functionToolsOf(request.tools);
  // Acme loads every schema up front and has no cache settings: both are said, never dropped silently.
  warnDeferredTools(tools, 'Acme', warnings);
  warnPromptCache(request.promptCache, 'Acme', 'Acme caches nothing on request.', warnings);
  const choice = request.toolChoice;
  const limits = {
    ...(request.maxOutputTokens === undefined ? {} : { max_tokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.topP === undefined ? {} : { top_p: request.topP }),
    ...(request.stopSequences === undefined ? {} : { stop: request.stopSequences }),
  };
  return {
    value: {
      model: options.model,
      ...(request.system === undefined ? {} : { system: request.system }),
      turns,
      ...(tools.length === 0
        ? {}
        : {
            functions: tools.map((tool) => ({
              name: tool.name,
              about: tool.description,
              schema: tool.inputSchema,
            })),
          }),
      ...(choice === undefined
        ? {}
        : { pick: choice === 'required' ? 'must' : typeof choice === 'object' ? { fn: choice.name } : choice }),
      ...(Object.keys(limits).length === 0 ? {} : { limits }),
      ...(options.stream === true ? { stream: true } : {}),
    },
    warnings,
  };
}

function textOf(parts: readonly ToolResultContentPart[], path: string, warnings: Warning[]): string {
  return parts
    .map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'tool-reference') return toolReferenceText(part.toolName);
      warnings.push({
        type: 'unsupported',
        feature: `${path}.${part.type}`,
        message: `Acme reads text only: the ${part.type} became a note.`,
      });
      return `[${part.type} left out]`;
    })
    .join('');
}
