import {
  type ChatRequest,
  isHostedTool,
  type JSONObject,
  type Message,
  type ModelCapabilities,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';
import { lowerJsonSchema } from './lower-json-schema';

/** Options of {@link degradeRequest}. */
export type DegradeRequestOptions = {
  /** Ask the provider for at most one tool call per turn. */
  parallelToolCalls?: boolean;
  /** Tool calling is emulated: leave tools, tool choice and schemas alone (they are prompt text now). */
  emulated?: boolean;
  /** The provider key, to say which switches apply. */
  provider?: string;
};

function withInstruction(system: string | undefined, instruction: string): string {
  return system === undefined || system === '' ? instruction : `${system}\n\n${instruction}`;
}

function placeholder(part: UserContentPart, what: string): UserContentPart {
  const mediaType = part.type === 'text' ? '' : (part.mediaType ?? 'unknown type');
  return { type: 'text', text: `[${what} omitted (${mediaType}): this model cannot read ${what}s]` };
}

/**
 * Degrades a request to what a model can do, turning each change into a warning instead of a
 * provider 400: `toolChoice` modes the model lacks become an instruction, `parallelToolCalls:
 * false` sets each provider's switch, tool schemas are lowered, images (and audio) the model
 * cannot read become text placeholders, and a system prompt the model does not take is
 * prepended to the first user turn. Only capabilities known to be missing (`false`, `'none'`,
 * a mode list without the mode) trigger a change; `'unknown'` passes the request through.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-parallel_tool_calls
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#parallel-tool-use
 */
export function degradeRequest(
  input: ChatRequest,
  capabilities: ModelCapabilities,
  options: DegradeRequestOptions = {},
): { request: ChatRequest; warnings: Warning[] } {
  const warnings: Warning[] = [];
  let request: ChatRequest = { ...input };
  const tools = request.tools ?? [];

  if (!options.emulated && tools.length > 0) {
    const choice = request.toolChoice;
    const modes = capabilities.toolChoice;
    const mode = choice === undefined ? undefined : typeof choice === 'object' ? 'tool' : choice;
    if ((mode === 'required' || mode === 'tool') && modes !== 'unknown' && !modes.includes(mode)) {
      const instruction =
        typeof choice === 'object'
          ? `You must call the tool ${choice.name} in this reply.`
          : 'You must call at least one tool in this reply before answering.';
      const { toolChoice: _toolChoice, ...rest } = request;
      request = { ...rest, system: withInstruction(request.system, instruction) };
      warnings.push({
        type: 'degraded',
        feature: 'toolChoice',
        message: `This model does not support toolChoice ${JSON.stringify(choice)}; it was replaced by an instruction in the system prompt, which the model may not follow.`,
      });
    }

    if (options.parallelToolCalls === false && capabilities.parallelToolCalls !== false) {
      if (options.provider === 'gemini' || options.provider === 'google') {
        // No switch to set: the other providers' switches would only reach Gemini's codec as warnings.
        warnings.push({
          type: 'unsupported',
          feature: 'parallelToolCalls',
          message:
            'Gemini has no switch to turn off parallel function calls; the model may still call several tools at once.',
        });
      } else {
        const providerOptions = request.providerOptions ?? {};
        request = {
          ...request,
          providerOptions: {
            ...providerOptions,
            openai: { ...providerOptions.openai, parallel_tool_calls: false },
            anthropic: { ...providerOptions.anthropic, disable_parallel_tool_use: true },
          },
        };
      }
    }

    request = {
      ...request,
      tools: tools.map((tool, index) => {
        if (isHostedTool(tool)) return tool;
        const lowered = lowerJsonSchema(tool.inputSchema, capabilities.schema, `tools[${index}].inputSchema`);
        warnings.push(...lowered.warnings);
        return lowered.warnings.length === 0 ? tool : { ...tool, inputSchema: lowered.schema as JSONObject };
      }),
    };
  }

  const dropImages = capabilities.imageInput === false;
  const dropAudio = capabilities.audioInput === false;
  if (dropImages || dropAudio) {
    const replace = (part: UserContentPart, path: string): UserContentPart => {
      if (part.type === 'image' && dropImages) {
        warnings.push({
          type: 'unsupported',
          feature: path,
          message: 'This model has no image input; the image was replaced by a text placeholder.',
        });
        return placeholder(part, 'image');
      }
      if (part.type === 'file' && dropAudio && part.mediaType.startsWith('audio/')) {
        warnings.push({
          type: 'unsupported',
          feature: path,
          message: 'This model has no audio input; the audio was replaced by a text placeholder.',
        });
        return placeholder(part, 'audio clip');
      }
      return part;
    };
    request = {
      ...request,
      messages: request.messages.map((message, m): Message => {
        switch (message.role) {
          case 'user':
            return {
              ...message,
              content: message.content.map((part, p) => replace(part, `messages[${m}].content[${p}]`)),
            };
          case 'tool':
            return {
              ...message,
              content: message.content.map((result, r) => ({
                ...result,
                content: result.content.map((part, p) =>
                  part.type === 'tool-reference' ? part : replace(part, `messages[${m}].content[${r}].content[${p}]`),
                ),
              })),
            };
          case 'assistant':
            return message;
          default: {
            const exhaustive: never = message;
            throw new Error(`Unknown message ${JSON.stringify(exhaustive)}`);
          }
        }
      }),
    };
  }

  if (capabilities.systemPrompt === 'merge-into-user' && request.system !== undefined && request.system !== '') {
    const { system, ...rest } = request;
    const messages = [...rest.messages];
    const first = messages.findIndex((message) => message.role === 'user');
    const systemPart: UserContentPart = { type: 'text', text: system };
    if (first === -1) messages.unshift({ role: 'user', content: [systemPart] });
    else {
      const user = messages[first] as Extract<Message, { role: 'user' }>;
      messages[first] = { role: 'user', content: [systemPart, ...user.content] };
    }
    request = { ...rest, messages };
    warnings.push({
      type: 'degraded',
      feature: 'system',
      message: 'This model takes no system prompt; the system text was prepended to the first user turn.',
    });
  }

  return { request, warnings };
}
