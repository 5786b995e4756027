/**
 * A validation issue as both zod 3 and zod 4 report it. A zod 4 union failure also carries
 * the issues of each branch (`errors`), which {@link formatSchemaIssues} uses to say what the
 * closest branch expected.
 */
export type SchemaIssue = {
  path: readonly PropertyKey[];
  message: string;
  /** The issues of each branch of a failed union, paths relative to the union (zod 4). */
  errors?: readonly (readonly SchemaIssue[])[];
  /** What was expected (zod 4 `invalid_type`: a type name). */
  expected?: unknown;
};

// Paths longer than this (deeply nested input) are shortened: the start names the field.
const MAX_PATH_SEGMENTS = 16;

/**
 * Renders validation issues as one line each, `path: message`, with the path in
 * JavaScript notation (`messages[2].content[0].toolCallId`). A failed union is reported by
 * the branch that matched furthest (`contents[2].parts[0]: Invalid input: expected object,
 * received null` rather than `contents: Invalid input`); paths over 16 segments are shortened
 * with `…`.
 */
export function formatSchemaIssues(issues: readonly SchemaIssue[], root = ''): string {
  return flattenUnionIssues(issues, [])
    .map((issue) => `${formatPath(issue.path, root) || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** Renders a property path such as `['messages', 2, 'content']` as `messages[2].content`. */
export function formatPath(path: readonly PropertyKey[], root = ''): string {
  let out = root;
  const shown = path.length > MAX_PATH_SEGMENTS ? path.slice(0, MAX_PATH_SEGMENTS) : path;
  for (const key of shown) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  if (shown.length < path.length) out += `…(${path.length - shown.length} more levels)`;
  return out;
}

function flattenUnionIssues(issues: readonly SchemaIssue[], prefix: readonly PropertyKey[]): SchemaIssue[] {
  const out: SchemaIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const branches = issue.errors ?? [];
    const closest = closestBranch(branches);
    if (closest !== undefined) out.push(...flattenUnionIssues(closest, path));
    else {
      const expected = new Set<string>();
      for (const branch of branches) {
        for (const entry of branch) if (typeof entry.expected === 'string') expected.add(entry.expected);
      }
      const message = expected.size > 1 ? `${issue.message}: expected ${[...expected].join(' or ')}` : issue.message;
      out.push({ path, message });
    }
  }
  return out;
}

// The branch whose issues reach deepest into the value, when it reached past the union itself.
function closestBranch(branches: readonly (readonly SchemaIssue[])[]): readonly SchemaIssue[] | undefined {
  let best: readonly SchemaIssue[] | undefined;
  let bestDepth = 0;
  for (const branch of branches) {
    const depth = Math.max(0, ...branch.map((issue) => issue.path.length));
    if (depth > bestDepth) {
      best = branch;
      bestDepth = depth;
    }
  }
  return best;
}
