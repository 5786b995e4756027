import type { UserContentPart, Warning } from '@interlingua/core';
import { formatPath } from '@interlingua/core/adapter';
import {
  responsesInputAudioSchema,
  responsesInputFileSchema,
  responsesInputImageSchema,
  responsesTextPartSchema,
} from './openai-responses-request-schemas';
import { parseRequestItemAt } from './parse-responses-item';

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/**
 * Converts the content parts of a user message or a `function_call_output` (the gateway
 * direction) to IR parts: `input_text`, `input_image` (URL or `data:` URL; a `detail` other than
 * `auto` kept in `providerMetadata.openai.detail`), `input_file` (`file_data` or `file_url`),
 * `input_audio`. A file or image given only by `file_id` (a stored upload) and parts of other
 * types have no IR equivalent and are left out with a warning. Throws `InvalidRequestError`
 * naming the field for a malformed part.
 */
export function convertOpenAIResponsesInputParts(
  parts: readonly { type: string }[],
  path: readonly PropertyKey[],
  warnings: Warning[],
): UserContentPart[] {
  const out: UserContentPart[] = [];
  parts.forEach((part, index) => {
    const at = [...path, index];
    const converted = convertPart(part, at, warnings);
    if (converted !== undefined) out.push(converted);
  });
  return out;
}

function convertPart(
  part: { type: string },
  path: readonly PropertyKey[],
  warnings: Warning[],
): UserContentPart | undefined {
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: parseRequestItemAt(responsesTextPartSchema, part, path).text };
    case 'input_image': {
      const image = parseRequestItemAt(responsesInputImageSchema, part, path);
      if (typeof image.image_url !== 'string') return leftOut(path, 'an image given by file_id', warnings);
      const match = DATA_URL.exec(image.image_url);
      const detail = image.detail === 'auto' ? undefined : (image.detail ?? undefined);
      return {
        type: 'image',
        ...(match === null
          ? { source: { type: 'url', url: image.image_url } }
          : { source: { type: 'base64', data: match[2] ?? '' }, mediaType: match[1] ?? 'image/png' }),
        ...(detail === undefined ? {} : { providerMetadata: { openai: { detail } } }),
      };
    }
    case 'input_file': {
      const file = parseRequestItemAt(responsesInputFileSchema, part, path);
      const filename = file.filename ?? undefined;
      if (typeof file.file_data === 'string') {
        const match = DATA_URL.exec(file.file_data);
        return {
          type: 'file',
          source: { type: 'base64', data: match === null ? file.file_data : (match[2] ?? '') },
          mediaType: match?.[1] ?? mediaTypeOf(filename),
          ...(filename === undefined ? {} : { filename }),
        };
      }
      if (typeof file.file_url === 'string') {
        return {
          type: 'file',
          source: { type: 'url', url: file.file_url },
          mediaType: mediaTypeOf(filename ?? file.file_url),
          ...(filename === undefined ? {} : { filename }),
        };
      }
      return leftOut(path, 'a file given by file_id', warnings);
    }
    case 'input_audio': {
      const { input_audio: audio } = parseRequestItemAt(responsesInputAudioSchema, part, path);
      return {
        type: 'file',
        source: { type: 'base64', data: audio.data },
        mediaType: audio.format === 'mp3' ? 'audio/mpeg' : `audio/${audio.format}`,
      };
    }
    default:
      return leftOut(path, `a content part of type "${part.type}"`, warnings);
  }
}

function leftOut(path: readonly PropertyKey[], what: string, warnings: Warning[]): undefined {
  warnings.push({
    type: 'unsupported',
    feature: formatPath(path),
    message: `${what[0]?.toUpperCase()}${what.slice(1)} has no IR equivalent; it was left out.`,
  });
  return undefined;
}

// The IR needs a media type; a name or URL ending in .pdf is the one case worth recognizing.
function mediaTypeOf(name: string | undefined): string {
  return name !== undefined && /\.pdf($|\?)/i.test(name) ? 'application/pdf' : 'application/octet-stream';
}
