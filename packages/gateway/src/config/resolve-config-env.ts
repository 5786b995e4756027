import { InvalidSettingError } from '@interlingua/core';
import { formatPath } from '@interlingua/core/adapter';

const wholeReference = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?\}$/s;
const anyReference = /\$\{([^}]*)\}/g;
const referenceBody = /^env:([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

/**
 * Replaces `${env:NAME}` (and `${env:NAME:-default}`) in every string of a parsed config with
 * the variable's value. A string that is only a reference to an unset variable (without a
 * default) drops its setting, as if it were not written — so `"apiKey": "${env:OPENAI_API_KEY}"`
 * falls back to the provider's default; a reference inside a longer string must resolve.
 * Throws `InvalidSettingError` naming the path otherwise. Returns a new tree with own-property
 * objects only (keys such as `__proto__` stay data).
 */
export function resolveConfigEnv(value: unknown, env: Record<string, string | undefined>): unknown {
  return resolve(value, env, []);
}

const OMIT = Symbol('omit');

function resolve(value: unknown, env: Record<string, string | undefined>, path: (string | number)[]): unknown {
  if (typeof value === 'string') return resolveString(value, env, path);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    value.forEach((item, index) => {
      const resolved = resolve(item, env, [...path, index]);
      if (resolved !== OMIT) out.push(resolved);
    });
    return out;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const resolved = resolve(item, env, [...path, key]);
      if (resolved !== OMIT) Object.defineProperty(out, key, { value: resolved, enumerable: true, writable: true });
    }
    return out;
  }
  return value;
}

function resolveString(value: string, env: Record<string, string | undefined>, path: (string | number)[]): unknown {
  const whole = wholeReference.exec(value);
  if (whole !== null) {
    const resolved = nonEmpty(env[whole[1] as string]) ?? whole[2];
    return resolved === undefined ? OMIT : resolved;
  }
  return value.replace(anyReference, (reference, body: string) => {
    const match = referenceBody.exec(body);
    const where = formatPath(path) || '(root)';
    if (match === null) {
      throw new InvalidSettingError({
        message: `${where}: expected \`\${env:NAME}\` or \`\${env:NAME:-default}\`, got \`${reference}\`.`,
      });
    }
    const resolved = nonEmpty(env[match[1] as string]) ?? match[2];
    if (resolved === undefined) {
      throw new InvalidSettingError({
        message: `${where}: \`${reference}\` names the environment variable ${match[1]}, which is not set.`,
      });
    }
    return resolved;
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
