import type { Warning } from '@interlingua/core';

/** The longest `x-interlingua-warnings` value; the log line always has every warning. */
const MAX_HEADER_LENGTH = 4_096;

/**
 * The `x-interlingua-warnings` header value: the warnings as a JSON array of
 * `{ type, feature, message }`, with non-ASCII characters escaped (`\uXXXX`, still valid JSON)
 * so any header parser takes it. Cut to whole entries at 4 KiB, the last entry then saying how
 * many more the log line holds. `undefined` when there is none.
 */
export function warningsHeader(warnings: readonly Warning[]): string | undefined {
  if (warnings.length === 0) return undefined;
  const parts: string[] = [];
  let length = 2;
  for (let index = 0; index < warnings.length; index++) {
    const warning = warnings[index] as Warning;
    const part = asciiJson({ type: warning.type, feature: warning.feature, message: warning.message });
    if (length + part.length + 1 > MAX_HEADER_LENGTH - 120) {
      parts.push(
        asciiJson({ type: 'other', feature: 'warnings', message: `${warnings.length - index} more in the log line` }),
      );
      break;
    }
    parts.push(part);
    length += part.length + 1;
  }
  return `[${parts.join(',')}]`;
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
