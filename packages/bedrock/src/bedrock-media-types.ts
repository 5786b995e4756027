// Converse names formats, not media types: ImageFormat and DocumentFormat of the SDK's enums.
const IMAGE_FORMATS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const DOCUMENT_FORMATS: Record<string, string> = {
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/html': 'html',
  'text/plain': 'txt',
  'text/markdown': 'md',
};

const invert = (table: Record<string, string>) =>
  new Map(Object.entries(table).map(([mediaType, format]) => [format, mediaType]));
const IMAGE_MEDIA_TYPES = invert(IMAGE_FORMATS);
const DOCUMENT_MEDIA_TYPES = invert(DOCUMENT_FORMATS);

/**
 * The Converse `image.format` of an image media type (`image/png` → `png`), or `undefined`.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageBlock.html
 */
export function convertToBedrockImageFormat(mediaType: string | undefined): string | undefined {
  return mediaType === undefined ? undefined : IMAGE_FORMATS[mediaType.toLowerCase()];
}

/**
 * The Converse `document.format` of a file media type (`application/pdf` → `pdf`), or `undefined`.
 *
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_DocumentBlock.html
 */
export function convertToBedrockDocumentFormat(mediaType: string): string | undefined {
  return DOCUMENT_FORMATS[mediaType.toLowerCase()];
}

/** The media type of a Converse image format (`png` → `image/png`); unknown formats as `image/<format>`. */
export function imageMediaTypeOf(format: string): string {
  return IMAGE_MEDIA_TYPES.get(format) ?? `image/${format}`;
}

/** The media type of a Converse document format (`pdf` → `application/pdf`); unknown as `application/octet-stream`. */
export function documentMediaTypeOf(format: string | undefined): string {
  return (format === undefined ? undefined : DOCUMENT_MEDIA_TYPES.get(format)) ?? 'application/octet-stream';
}

/**
 * A document `name` Converse accepts: letters, digits, single spaces, hyphens, parentheses and
 * square brackets. Other characters become spaces, runs of spaces one; an empty result is `document`.
 */
export function convertToBedrockDocumentName(filename: string | undefined, fallback: string): string {
  const cleaned = (filename ?? '')
    .replace(/\.[A-Za-z0-9]+$/, '')
    .replace(/[^A-Za-z0-9\-()[\] ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? fallback : cleaned.slice(0, 200);
}
