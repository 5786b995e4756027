// The Messages API rejects a `tool_use.id` outside /^[a-zA-Z0-9_-]+$/ with a 400. Checked by
// character codes: a regex per call id was a measurable share of encoding a long history.
function isAcceptedToolUseId(id: string): boolean {
  if (id.length === 0) return false;
  for (let index = 0; index < id.length; index++) {
    const code = id.charCodeAt(index);
    const accepted =
      (code >= 97 && code <= 122) || // a-z
      (code >= 65 && code <= 90) || // A-Z
      (code >= 48 && code <= 57) || // 0-9
      code === 95 || // _
      code === 45; // -
    if (!accepted) return false;
  }
  return true;
}

/**
 * The `tool_use.id` / `tool_result.tool_use_id` sent for an IR call id. Ids the Messages API
 * accepts go as they are; another provider's id with other characters (Moonshot's
 * `functions.get_weather:0`, ids with `.`, `:`, `|`) has each of them replaced by `_` and a
 * short hash of the original appended, so the call and its result stay paired and two such ids
 * cannot collide. Deterministic: the same id always maps to the same wire id.
 *
 * @see https://docs.anthropic.com/en/api/messages#body-messages-content
 */
export function convertToAnthropicToolUseId(id: string): string {
  if (isAcceptedToolUseId(id)) return id;
  // FNV-1a, 32 bits: enough to keep the few rewritten ids of one request apart.
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${id.replace(/[^a-zA-Z0-9_-]/g, '_')}_${hash.toString(16).padStart(8, '0')}`;
}
