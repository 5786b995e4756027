/** The longest tool name every provider accepts (`[A-Za-z0-9_-]{1,64}`). */
export const MAX_TOOL_NAME_LENGTH = 64;

// FNV-1a, 32 bit: stable across runs and platforms, no dependency, enough to keep truncated names apart.
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0');
}

/** Replaces every character outside `[A-Za-z0-9_-]` with `_`. */
export function sanitizeToolNamePart(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * The name a server's tool is exposed under: `server__tool`, both parts sanitized to
 * `[A-Za-z0-9_-]`. A result longer than 64 characters is cut and ends in `_` plus a 7-character
 * hash of the original server and tool names, so two long names stay distinct and the same pair
 * always maps to the same name. The bridge routes by a map, never by splitting this name.
 */
export function exposeToolName(server: string, tool: string): string {
  const name = `${sanitizeToolNamePart(server)}__${sanitizeToolNamePart(tool)}`;
  if (name.length <= MAX_TOOL_NAME_LENGTH) return name;
  const hash = shortHash(`${server}\u0000${tool}`);
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - hash.length - 1)}_${hash}`;
}
