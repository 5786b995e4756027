import { InvalidSettingError } from '@interlingua/core';

type Path = (string | number)[];

/** Whether calls of a server's tool wait for a person's approval. */
export type McpApprovalMode = 'always' | 'never';

/**
 * How a server's tools are offered to an agent, from its mcp.json entry:
 * `approval` (`"always"`, `"never"`, or per tool `{ "delete_file": "always", "*": "never" }`)
 * and `deferLoading` (`true` for every tool, or the names of the tools to defer).
 */
export type McpToolPolicy = {
  /** Per server-side tool name, `*` for the rest; absent: never. */
  approval?: Record<string, McpApprovalMode>;
  /** `true`: every tool deferred; a list: those tools. */
  deferLoading?: true | string[];
};

const modes = new Set(['always', 'never']);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** Reads `approval` and `deferLoading` of one server entry; a bad value is an `InvalidSettingError` with its path. */
export function parseMcpToolPolicy(entry: Record<string, unknown>, where: string, base: Path): McpToolPolicy {
  const policy: McpToolPolicy = {};
  const { approval, deferLoading } = entry;
  if (approval !== undefined) {
    if (typeof approval === 'string' && modes.has(approval)) policy.approval = { '*': approval as McpApprovalMode };
    else if (typeof approval === 'object' && approval !== null && !Array.isArray(approval)) {
      const table: Record<string, McpApprovalMode> = {};
      for (const [tool, mode] of Object.entries(approval)) {
        if (typeof mode !== 'string' || !modes.has(mode)) {
          throw new InvalidSettingError({
            message: `${where}: \`approval.${tool}\`: expected "always" or "never", got ${describe(mode)}.`,
            path: [...base, 'approval', tool],
          });
        }
        // Own data properties only: a tool named `__proto__` is a key like any other.
        Object.defineProperty(table, tool, { value: mode, enumerable: true, writable: true, configurable: true });
      }
      policy.approval = table;
    } else {
      throw new InvalidSettingError({
        message: `${where}: \`approval\`: expected "always", "never" or an object of tool names to "always" / "never", got ${describe(approval)}.`,
        path: [...base, 'approval'],
      });
    }
  }
  if (deferLoading !== undefined && deferLoading !== false) {
    if (deferLoading === true) policy.deferLoading = true;
    else if (Array.isArray(deferLoading) && deferLoading.every((name) => typeof name === 'string' && name !== '')) {
      policy.deferLoading = [...(deferLoading as string[])];
    } else {
      throw new InvalidSettingError({
        message: `${where}: \`deferLoading\`: expected true, false or an array of tool names, got ${describe(deferLoading)}.`,
        path: [...base, 'deferLoading'],
      });
    }
  }
  return policy;
}

/** Whether a server's tool needs approval under its policy. */
export function toolNeedsApproval(policy: McpToolPolicy | undefined, tool: string): boolean {
  const table = policy?.approval;
  if (table === undefined) return false;
  const mode = Object.hasOwn(table, tool) ? table[tool] : Object.hasOwn(table, '*') ? table['*'] : undefined;
  return mode === 'always';
}

/** Whether a server's tool is deferred under its policy. */
export function toolIsDeferred(policy: McpToolPolicy | undefined, tool: string): boolean {
  const defer = policy?.deferLoading;
  return defer === true || defer?.includes(tool) === true;
}
