import type { ChatRequest } from '../ir/chat-request';
import type { TextPart } from '../ir/content-parts';
import type { Message } from '../ir/message';
import type { Tool } from '../ir/tool';
import type { ToolReferencePart } from '../ir/tool-reference-part';
import type { Warning } from '../ir/warning';
import { functionToolsOf } from '../tools/is-hosted-tool';

/**
 * The text that stands for a tool reference in a format without one: the tool's name, description
 * and input schema, so the model reads what Anthropic's expansion of a `tool_reference` would show
 * it. Without `tool` (not in the request), it says so.
 */
export function toolReferenceText(toolName: string, tool?: Tool): string {
  if (tool === undefined) return `Tool reference "${toolName}": no tool of that name is offered in this request.`;
  const description = tool.description === '' ? '' : ` ${tool.description}`;
  return `Tool "${tool.name}" is loaded and can be called now.${description} Input schema: ${JSON.stringify(tool.inputSchema)}`;
}

/**
 * For a format without tool references (every one but Anthropic's Messages API): returns the request
 * with each `tool-reference` part of a tool result replaced by a text part ({@link toolReferenceText},
 * the part's `cacheBreakpoint` and `providerMetadata` kept), and one `degraded` warning
 * (`toolResult.toolReference`) naming the references. The referenced tools themselves stay in
 * `tools`, where these formats send every tool, deferred or not, as an ordinary one: the model can
 * call them. A request without references is returned as it is.
 */
export function renderToolReferences(request: ChatRequest, format: string, warnings: Warning[]): ChatRequest {
  if (!request.messages.some(holdsToolReference)) return request;
  const tools = new Map(functionToolsOf(request.tools).map((tool) => [tool.name, tool]));
  const names: string[] = [];
  const render = (part: ToolReferencePart): TextPart => {
    if (!names.includes(part.toolName)) names.push(part.toolName);
    return {
      type: 'text',
      text: toolReferenceText(part.toolName, tools.get(part.toolName)),
      ...(part.cacheBreakpoint === undefined ? {} : { cacheBreakpoint: part.cacheBreakpoint }),
      ...(part.providerMetadata === undefined ? {} : { providerMetadata: part.providerMetadata }),
    };
  };
  const messages = request.messages.map((message): Message => {
    if (!holdsToolReference(message) || message.role !== 'tool') return message;
    return {
      ...message,
      content: message.content.map((result) => ({
        ...result,
        content: result.content.map((part) => (part.type === 'tool-reference' ? render(part) : part)),
      })),
    };
  });
  warnings.push({
    type: 'degraded',
    feature: 'toolResult.toolReference',
    message: `${format} has no tool references: ${names.join(', ')} ${names.length === 1 ? 'was' : 'were'} described to the model as text in the tool result, and sent as ordinary tools.`,
  });
  return { ...request, messages };
}

function holdsToolReference(message: Message): boolean {
  return (
    message.role === 'tool' &&
    message.content.some((result) => result.content.some((part) => part.type === 'tool-reference'))
  );
}
