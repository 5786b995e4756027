import type { FilePart, ImagePart, UserContentPart, Warning } from '@interlingua/core';
import type { ResponseInputContent, ResponseInputImage } from 'openai/resources/responses/responses';

// The API requires a filename with inline `file_data`; one is made from the media type when the IR has none.
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'text/plain': 'txt', 'text/csv': 'csv' };

/**
 * Converts one IR user (or tool result) part to a Responses input content part: text →
 * `input_text`; image → `input_image` (a URL or a `data:` URL, `detail` from
 * `providerMetadata.openai.detail`, else `auto`); file → `input_file` (`file_data` as a `data:`
 * URL with a filename, or `file_url`). Audio has no place in Responses input content and is left
 * out with a warning.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
 */
export function convertToOpenAIResponsesContent(
  part: UserContentPart,
  path: string,
  warnings: Warning[],
): ResponseInputContent | undefined {
  switch (part.type) {
    case 'text':
      return { type: 'input_text', text: part.text };
    case 'image':
      return convertImage(part);
    case 'file':
      return convertFile(part, path, warnings);
    default: {
      const exhaustive: never = part;
      throw new Error(`Unknown user content part ${JSON.stringify(exhaustive)}`);
    }
  }
}

function convertImage(part: ImagePart): ResponseInputContent {
  const url =
    part.source.type === 'url' ? part.source.url : `data:${part.mediaType ?? 'image/png'};base64,${part.source.data}`;
  const detail = part.providerMetadata?.openai?.detail;
  const known: ResponseInputImage['detail'][] = ['low', 'high', 'auto', 'original'];
  return {
    type: 'input_image',
    image_url: url,
    detail: known.find((value) => value === detail) ?? 'auto',
  };
}

function convertFile(part: FilePart, path: string, warnings: Warning[]): ResponseInputContent | undefined {
  if (part.mediaType.startsWith('audio/')) {
    warnings.push({
      type: 'unsupported',
      feature: path,
      message: `The Responses API takes no audio in input content; the ${part.mediaType} file was not sent.`,
    });
    return undefined;
  }
  if (part.source.type === 'url') {
    return { type: 'input_file', file_url: part.source.url, ...(part.filename ? { filename: part.filename } : {}) };
  }
  return {
    type: 'input_file',
    file_data: `data:${part.mediaType};base64,${part.source.data}`,
    filename: part.filename ?? `attachment.${EXTENSIONS[part.mediaType] ?? 'bin'}`,
  };
}
