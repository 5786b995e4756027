import { InvalidSettingError } from '@interlingua/core';

// `${env:NAME}` (VS Code), `${NAME}` and `${NAME:-default}` (Claude Code); anything else in `${…}` is refused.
const referencePattern = /\$\{([^}]*)\}/g;
const namePattern = /^(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

/**
 * Replaces `${env:NAME}`, `${NAME}` and `${NAME:-default}` in `value` with variables from `env`.
 * Throws an `InvalidSettingError` naming `where` when a variable is unset and has no default,
 * or when the reference has another form (such as VS Code's `${input:…}`).
 */
export function resolveEnvReferences(value: string, env: Record<string, string | undefined>, where: string): string {
  return value.replace(referencePattern, (reference, body: string) => {
    const match = namePattern.exec(body);
    if (match === null) {
      throw new InvalidSettingError({
        message: `${where}: expected \`\${env:NAME}\`, \`\${NAME}\` or \`\${NAME:-default}\`, got \`${reference}\`.`,
      });
    }
    const name = match[1] as string;
    const resolved = env[name] ?? match[2];
    if (resolved === undefined) {
      throw new InvalidSettingError({
        message: `${where}: \`${reference}\` names the environment variable ${name}, which is not set.`,
      });
    }
    return resolved;
  });
}
