/** A validation issue as both zod 3 and zod 4 report it. */
export type SchemaIssue = { path: readonly PropertyKey[]; message: string };

/**
 * Renders validation issues as one line each, `path: message`, with the path in
 * JavaScript notation (`messages[2].content[0].toolCallId`).
 */
export function formatSchemaIssues(issues: readonly SchemaIssue[], root = ''): string {
  return issues.map((issue) => `${formatPath(issue.path, root) || '(root)'}: ${issue.message}`).join('; ');
}

/** Renders a property path such as `['messages', 2, 'content']` as `messages[2].content`. */
export function formatPath(path: readonly PropertyKey[], root = ''): string {
  let out = root;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}
