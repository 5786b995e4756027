import { InvalidRequestError, type UserContentPart, type Warning } from '@interlingua/core';
import type { GeminiPart } from './gemini-api';
import { readThoughtSignature } from './gemini-thought-signature';

/** Puts a thought signature on a part when there is one. */
export function withSignature(part: GeminiPart, signature: string | undefined): GeminiPart {
  if (signature !== undefined) part.thoughtSignature = signature;
  return part;
}

/**
 * One IR user part (also a part of a tool result) → one Gemini part: `{ text }`,
 * `{ inlineData }` for base64, `{ fileData }` for a URL. A file name has no Gemini field (warning);
 * base64 without a `mediaType` is an `InvalidRequestError`. `feature` names the part's place and is
 * built only when a warning or an error needs it.
 */
export function convertToGeminiUserPart(part: UserContentPart, feature: () => string, warnings: Warning[]): GeminiPart {
  switch (part.type) {
    case 'text':
      return withSignature({ text: part.text }, readThoughtSignature(part.providerMetadata));
    case 'image':
    case 'file': {
      if (part.type === 'file' && part.filename !== undefined) {
        warnings.push({
          type: 'unsupported',
          feature: `${feature()}.filename`,
          message: `Gemini parts carry no file name; "${part.filename}" was not sent.`,
        });
      }
      const source = part.source;
      if (source.type === 'base64') {
        if (part.mediaType === undefined) {
          throw new InvalidRequestError({
            message: `Expected a mediaType on the base64 image at ${feature()}, got none.`,
          });
        }
        return { inlineData: { mimeType: part.mediaType, data: source.data } };
      }
      return {
        fileData:
          part.mediaType === undefined ? { fileUri: source.url } : { mimeType: part.mediaType, fileUri: source.url },
      };
    }
    default: {
      const exhaustive: never = part;
      throw new InvalidRequestError({ message: `Expected a user content part, got ${JSON.stringify(exhaustive)}.` });
    }
  }
}
