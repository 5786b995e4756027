import { InvalidSettingError } from '@interlingua/core';

// `${env:NAME}` (VS Code, Cursor), `${NAME}` and `${NAME:-default}` (Claude Code), and the
// predefined variables of VS Code and Cursor (`${workspaceFolder}`, `${userHome}`, …).
const referencePattern = /\$\{([^}]*)\}/g;
const namePattern = /^(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

function refuse(where: string, reference: string, why: string, path?: readonly (string | number)[]): never {
  throw new InvalidSettingError({
    message: `${where}: \`${reference}\` ${why}`,
    ...(path === undefined ? {} : { path }),
  });
}

/**
 * Replaces `${env:NAME}`, `${NAME}` and `${NAME:-default}` in `value` with variables from `env`,
 * and predefined variables (`variables`, such as `workspaceFolder`, `userHome`, `/`) by their
 * value; a predefined name wins over an environment variable of the same name, as in VS Code.
 * Throws an `InvalidSettingError` naming `where` (and carrying `path`) when a variable is unset
 * and has no default, or the reference has another form (VS Code's `${input:…}` asks the user,
 * which a library cannot).
 */
export function resolveEnvReferences(
  value: string,
  env: Record<string, string | undefined>,
  where: string,
  variables: Record<string, string> = {},
  path?: readonly (string | number)[],
): string {
  return value.replace(referencePattern, (reference, body: string) => {
    if (Object.hasOwn(variables, body)) return variables[body] as string;
    if (/^(input|command|config):/.test(body)) {
      refuse(
        where,
        reference,
        `needs the editor (it prompts the user or runs an editor command); put the value in the config or use \`\${env:NAME}\`.`,
        path,
      );
    }
    const match = namePattern.exec(body);
    if (match === null) {
      const known = Object.keys(variables).map((name) => `\`\${${name}}\``);
      refuse(
        where,
        reference,
        `is not a variable the bridge knows; expected \`\${env:NAME}\`, \`\${NAME}\`, \`\${NAME:-default}\`${known.length === 0 ? '' : ` or one of ${known.join(', ')}`}.`,
        path,
      );
    }
    const name = match[1] as string;
    const resolved = env[name] ?? match[2];
    if (resolved === undefined)
      refuse(where, reference, `names the environment variable ${name}, which is not set.`, path);
    return resolved;
  });
}
