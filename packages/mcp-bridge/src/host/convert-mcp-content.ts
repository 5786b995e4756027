import type { ProviderMetadata, UserContentPart } from '@interlingua/core';
import type {
  BlobResourceContents,
  ContentBlock,
  ResourceLink,
  TextResourceContents,
} from '@modelcontextprotocol/client';

function filenameOf(uri: string): string | undefined {
  const last = uri.split(/[/\\]/).filter(Boolean).at(-1);
  return last === undefined || last.includes(':') ? undefined : last;
}

function mcpMetadata(uri: string, mimeType: string | undefined): ProviderMetadata {
  return { mcp: mimeType === undefined ? { uri } : { uri, mimeType } };
}

/**
 * Converts the contents of an MCP resource (embedded in a tool result or read with
 * `resources/read`) into IR parts: text contents become text parts, blobs become file parts
 * (base64, with the resource's MIME type, `application/octet-stream` when it has none).
 * Each part carries the resource URI under `providerMetadata.mcp`.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/server/resources#resource-contents
 */
export function convertResourceContents(
  contents: readonly (TextResourceContents | BlobResourceContents)[],
): UserContentPart[] {
  return contents.map((content): UserContentPart => {
    const providerMetadata = mcpMetadata(content.uri, content.mimeType);
    if ('text' in content && typeof content.text === 'string') {
      return { type: 'text', text: content.text, providerMetadata };
    }
    const filename = filenameOf(content.uri);
    return {
      type: 'file',
      source: { type: 'base64', data: (content as BlobResourceContents).blob },
      mediaType: content.mimeType ?? 'application/octet-stream',
      ...(filename === undefined ? {} : { filename }),
      providerMetadata,
    };
  });
}

/**
 * The resource a part of a bridge tool result points at: its `providerMetadata.mcp` `uri` and the
 * `server` the bridge stamped on it; `undefined` for any other part.
 */
export function resourceLinkTarget(part: UserContentPart): { uri: string; server: string } | undefined {
  const mcp = part.providerMetadata?.['mcp'];
  if (typeof mcp !== 'object' || mcp === null) return undefined;
  const { uri, server } = mcp as { uri?: unknown; server?: unknown };
  return typeof uri === 'string' && typeof server === 'string' ? { uri, server } : undefined;
}

/** The one-line text a `resource_link` block becomes: its name, URI, MIME type and description. */
export function formatResourceLink(link: ResourceLink): string {
  const mimeType = link.mimeType === undefined ? '' : ` (${link.mimeType})`;
  const description = link.description === undefined ? '' : ` — ${link.description}`;
  return `Resource link "${link.name}": ${link.uri}${mimeType}${description}`;
}

/**
 * Converts MCP content blocks (of a tool result or a prompt message) into IR parts.
 * text → text; image → image (base64 + media type); audio → file part with the audio media type
 * (the adapter decides what a provider without audio input gets; nothing is dropped here);
 * embedded resource → text or file part; `resource_link` → a text line with the URI and name.
 *
 * @see https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-result
 */
export function convertMcpContent(blocks: readonly ContentBlock[]): UserContentPart[] {
  const parts: UserContentPart[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
        parts.push({ type: 'text', text: block.text });
        break;
      case 'image':
        parts.push({ type: 'image', source: { type: 'base64', data: block.data }, mediaType: block.mimeType });
        break;
      case 'audio':
        parts.push({ type: 'file', source: { type: 'base64', data: block.data }, mediaType: block.mimeType });
        break;
      case 'resource':
        parts.push(...convertResourceContents([block.resource]));
        break;
      case 'resource_link':
        parts.push({
          type: 'text',
          text: formatResourceLink(block),
          providerMetadata: mcpMetadata(block.uri, block.mimeType),
        });
        break;
      default: {
        const unexpected: never = block;
        parts.push({ type: 'text', text: `Unsupported MCP content block: ${JSON.stringify(unexpected)}` });
      }
    }
  }
  return parts;
}
