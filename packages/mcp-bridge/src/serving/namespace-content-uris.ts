import type { ServedNames } from './served-names';

type Content = { type?: unknown; uri?: unknown; resource?: unknown };

function namespaceBlock(names: ServedNames, server: string, block: unknown): unknown {
  if (typeof block !== 'object' || block === null) return block;
  const content = block as Content;
  if (content.type === 'resource_link' && typeof content.uri === 'string') {
    return { ...content, uri: names.uriOut(server, content.uri) };
  }
  if (content.type === 'resource' && typeof content.resource === 'object' && content.resource !== null) {
    const resource = content.resource as { uri?: unknown };
    if (typeof resource.uri === 'string') {
      return { ...content, resource: { ...resource, uri: names.uriOut(server, resource.uri) } };
    }
  }
  return block;
}

/**
 * Content blocks of `server` with their resource URIs served as `resources/list` serves them
 * (`server+uri` when prefixed, per {@link ServedNames}): a `resource_link`'s `uri` and an embedded
 * `resource`'s `uri`, so the client can `resources/read` what a tool or prompt points at and the
 * aggregator routes it back. Everything else is kept as it is; `undefined` or a non-array stays.
 */
export function namespaceContentUris<T>(names: ServedNames, server: string, content: T): T {
  if (!names.prefixed || !Array.isArray(content)) return content;
  return content.map((block) => namespaceBlock(names, server, block)) as T;
}

/** A `prompts/get` result's messages with their content URIs namespaced (see {@link namespaceContentUris}). */
export function namespacePromptUris(names: ServedNames, server: string, result: Record<string, unknown>) {
  const messages = result.messages;
  if (!names.prefixed || !Array.isArray(messages)) return result;
  return {
    ...result,
    messages: messages.map((message: unknown) => {
      if (typeof message !== 'object' || message === null) return message;
      const { content } = message as { content?: unknown };
      return { ...message, content: namespaceBlock(names, server, content) };
    }),
  };
}
