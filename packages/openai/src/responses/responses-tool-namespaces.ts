/** A function of a `namespace` tool: the namespace's name and the function's own name. */
export type NamespacedFunction = { namespace: string; name: string };

/**
 * The name a function of a `namespace` tool goes by in the IR, and so on every backend:
 * `<namespace>__<name>` (`multi_agent_v1__spawn_agent`). The Responses API's namespaces group
 * client-run functions (Codex's `multi_agent_v1` holds `spawn_agent`, `send_input`, …); no other
 * API has them, so they travel as ordinary function tools under this name, and a call of one is
 * answered under its namespace again (see {@link readToolNamespaces}).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses_create-tools
 */
export function flattenNamespacedName(namespace: string, name: string): string {
  return `${namespace}__${name}`;
}

/**
 * The functions of the `namespace` tools in a request's `tools` (as the client sent them, any
 * JSON: entries that are not namespaces, or not well formed, are skipped), by their flattened
 * name — how the answer to that request names their calls: `name` and `namespace` apart, as the
 * Responses API does.
 */
export function readToolNamespaces(tools: unknown): ReadonlyMap<string, NamespacedFunction> {
  const functions = new Map<string, NamespacedFunction>();
  if (!Array.isArray(tools)) return functions;
  for (const tool of tools) {
    if (!isRecord(tool) || tool.type !== 'namespace' || typeof tool.name !== 'string') continue;
    if (!Array.isArray(tool.tools)) continue;
    for (const inner of tool.tools) {
      if (isRecord(inner) && inner.type === 'function' && typeof inner.name === 'string') {
        functions.set(flattenNamespacedName(tool.name, inner.name), { namespace: tool.name, name: inner.name });
      }
    }
  }
  return functions;
}

/**
 * Renames, in place, the `function_call` items of one Responses answer or stream event whose
 * name is a flattened namespaced function: `name` becomes the function's own name and
 * `namespace` is set. Items already renamed are left as they are (events share item objects).
 */
export function restoreToolNamespaces(value: unknown, functions: ReadonlyMap<string, NamespacedFunction>): void {
  if (functions.size === 0 || !isRecord(value)) return;
  if (value.type === 'response.function_call_arguments.done' && typeof value.name === 'string') {
    const original = functions.get(value.name);
    if (original !== undefined) value.name = original.name;
  }
  renameItem(value.item, functions);
  const response = isRecord(value.response) ? value.response : value;
  if (Array.isArray(response.output)) for (const item of response.output) renameItem(item, functions);
}

function renameItem(item: unknown, functions: ReadonlyMap<string, NamespacedFunction>): void {
  if (!isRecord(item) || item.type !== 'function_call' || item.namespace !== undefined) return;
  const original = typeof item.name === 'string' ? functions.get(item.name) : undefined;
  if (original === undefined) return;
  item.name = original.name;
  item.namespace = original.namespace;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
