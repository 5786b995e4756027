import type { FilePart, UserContentPart, Warning } from '@interlingua/core';
import type { ResponseInputContent, ResponseInputImage } from 'openai/resources/responses/responses';
import {
  convertToOpenAIContent,
  convertToOpenAIContentPart,
  type OpenAIContentFormat,
  openAIDataUrl,
} from '../convert-to-openai-content';

// The API requires a filename with inline `file_data`; one is made from the media type when the IR has none.
const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'text/plain': 'txt', 'text/csv': 'csv' };

const IMAGE_DETAILS: ResponseInputImage['detail'][] = ['low', 'high', 'auto', 'original'];

// How the Responses API writes user content parts: `input_text`, `input_image`, `input_file`.
const RESPONSES_CONTENT_FORMAT: OpenAIContentFormat<ResponseInputContent> = {
  text: (text) => ({ type: 'input_text', text }),
  image: (part, url) => {
    const detail = part.providerMetadata?.openai?.detail;
    return { type: 'input_image', image_url: url, detail: IMAGE_DETAILS.find((value) => value === detail) ?? 'auto' };
  },
  file: convertFile,
};

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
  return convertToOpenAIContentPart(part, path, warnings, RESPONSES_CONTENT_FORMAT);
}

/**
 * Converts a user turn's content to Responses message content: a lone text part as a string,
 * else parts as {@link convertToOpenAIResponsesContent} writes them.
 */
export function convertToOpenAIResponsesUserContent(
  parts: readonly UserContentPart[],
  path: string,
  warnings: Warning[],
): string | ResponseInputContent[] {
  return convertToOpenAIContent(parts, path, warnings, RESPONSES_CONTENT_FORMAT);
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
    file_data: openAIDataUrl(part.mediaType, part.source.data),
    filename: part.filename ?? `attachment.${EXTENSIONS[part.mediaType] ?? 'bin'}`,
  };
}
