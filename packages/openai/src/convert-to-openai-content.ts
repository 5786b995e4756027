import {
  type FilePart,
  type ImagePart,
  InvalidRequestError,
  type UserContentPart,
  type Warning,
} from '@interlingua/core';

/** How one OpenAI API (Chat Completions, Responses) writes each kind of user content part. */
export type OpenAIContentFormat<Part> = {
  text: (text: string) => Part;
  /** `url` is the image's URL, or a `data:` URL built from its base64 data. */
  image: (part: ImagePart, url: string) => Part;
  /** `undefined` leaves the file out (the format pushes a warning saying why). */
  file: (part: FilePart, path: string, warnings: Warning[]) => Part | undefined;
};

/**
 * Converts IR user (or tool result) content to an OpenAI API's content: a lone text part as a
 * plain string (the form both APIs document for text), anything else as parts written by
 * `format`. `path` names the content array (`messages[2].content`) in warnings.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
 */
export function convertToOpenAIContent<Part>(
  parts: readonly UserContentPart[],
  path: string,
  warnings: Warning[],
  format: OpenAIContentFormat<Part>,
): string | Part[] {
  const only = parts[0];
  if (parts.length === 1 && only?.type === 'text') return only.text;
  const out: Part[] = [];
  for (let index = 0; index < parts.length; index++) {
    const converted = convertToOpenAIContentPart(
      parts[index] as UserContentPart,
      `${path}[${index}]`,
      warnings,
      format,
    );
    if (converted !== undefined) out.push(converted);
  }
  return out;
}

/** Converts one IR user (or tool result) part with `format`; `path` names the part in warnings. */
export function convertToOpenAIContentPart<Part>(
  part: UserContentPart,
  path: string,
  warnings: Warning[],
  format: OpenAIContentFormat<Part>,
): Part | undefined {
  switch (part.type) {
    case 'text':
      return format.text(part.text);
    case 'image':
      return format.image(
        part,
        part.source.type === 'url' ? part.source.url : openAIDataUrl(part.mediaType ?? 'image/png', part.source.data),
      );
    case 'file':
      return format.file(part, path, warnings);
    default: {
      const exhaustive: never = part;
      throw new InvalidRequestError({
        message: `${path}: expected a text, image or file part, got ${JSON.stringify(exhaustive)}.`,
      });
    }
  }
}

/** Inline data as both APIs take it: a `data:` URL. */
export function openAIDataUrl(mediaType: string, base64: string): string {
  return `data:${mediaType};base64,${base64}`;
}
