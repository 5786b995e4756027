import { type FilePart, type ImagePart, InvalidRequestError, type TextPart, type Warning } from '@interlingua/core';
import type { BedrockContentBlock, BedrockDocumentBlock, BedrockImageBlock } from './bedrock-api';
import { readCachePoint } from './bedrock-cache-point';
import {
  convertToBedrockDocumentFormat,
  convertToBedrockDocumentName,
  convertToBedrockImageFormat,
} from './bedrock-media-types';

type Block = { text: string } | { image: BedrockImageBlock } | { document: BedrockDocumentBlock };

/**
 * Converts one user part (of a user message or a tool result) to Converse blocks: text as
 * `text` (empty text is left out: the API rejects blank text), images as `image` with their
 * format, files as `document` (PDF, CSV, Word, Excel, HTML, plain text, Markdown). A base64
 * source goes as `bytes`, an `s3://` URL as `s3Location`; Converse cannot fetch other URLs, nor
 * read other file types: those become a text note, with a warning. A part's
 * `cacheBreakpoint` adds a `cachePoint` block after it (see `readCachePoint`).
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ContentBlock.html
 */
export function convertToBedrockUserContent(
  part: TextPart | ImagePart | FilePart,
  path: string,
  documents: DocumentCount,
  warnings: Warning[],
): BedrockContentBlock[] {
  const block = convertPart(part, path, documents, warnings);
  const out: BedrockContentBlock[] = block === undefined ? [] : [block];
  const cachePoint = readCachePoint(part);
  if (cachePoint !== undefined) out.push({ cachePoint });
  return out;
}

/** How many documents a request has named so far (`document-1`, `document-2`, … for files without a name). */
export type DocumentCount = { count: number };

function convertPart(
  part: TextPart | ImagePart | FilePart,
  path: string,
  documents: DocumentCount,
  warnings: Warning[],
): Block | undefined {
  switch (part.type) {
    case 'text':
      return part.text === '' ? undefined : { text: part.text };
    case 'image': {
      const format = convertToBedrockImageFormat(part.mediaType ?? mediaTypeFromUrl(part.source));
      const source = sourceOf(part.source);
      if (format === undefined || source === undefined) {
        if (part.source.type === 'base64' && part.mediaType === undefined) {
          throw new InvalidRequestError({
            message: `Expected ${path} image with base64 data to have a mediaType (image/png, image/jpeg, image/gif or image/webp), got none.`,
          });
        }
        return unreadable(
          part,
          path,
          source === undefined ? 'an image URL other than s3://' : 'that image format',
          warnings,
        );
      }
      return { image: { format, source } };
    }
    case 'file': {
      const format = convertToBedrockDocumentFormat(part.mediaType);
      const source = sourceOf(part.source);
      if (format === undefined || source === undefined)
        return unreadable(
          part,
          path,
          source === undefined ? 'a file URL other than s3://' : 'that file type',
          warnings,
        );
      return {
        document: {
          format,
          name: convertToBedrockDocumentName(part.filename, `document-${++documents.count}`),
          source,
        },
      };
    }
    default: {
      const exhaustive: never = part;
      throw new InvalidRequestError({ message: `Unknown user part ${JSON.stringify(exhaustive)}.` });
    }
  }
}

function sourceOf(source: ImagePart['source']): BedrockImageBlock['source'] | undefined {
  if (source.type === 'base64') return { bytes: source.data };
  return source.url.startsWith('s3://') ? { s3Location: { uri: source.url } } : undefined;
}

function mediaTypeFromUrl(source: ImagePart['source']): string | undefined {
  if (source.type !== 'url') return undefined;
  const extension = /\.([a-z]+)$/i.exec(source.url)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : `image/${extension === 'jpg' ? 'jpeg' : extension}`;
}

function unreadable(part: ImagePart | FilePart, path: string, what: string, warnings: Warning[]): Block {
  const mediaType = part.mediaType ?? 'image';
  warnings.push({
    type: 'unsupported',
    feature: `${path}.${part.type}`,
    message: `Replaced the ${mediaType} ${part.type} by a text note: Bedrock Converse cannot read ${what}.`,
  });
  const name = part.type === 'file' && part.filename !== undefined ? ` "${part.filename}"` : '';
  return { text: `[${mediaType} ${part.type}${name} left out: this model cannot read it.]` };
}
