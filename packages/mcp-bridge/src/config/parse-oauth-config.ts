import { InvalidSettingError } from '@interlingua/core';
import type { McpOAuthConfig } from './mcp-oauth-config';

type Path = (string | number)[];

const KEYS = ['grant', 'clientId', 'clientSecret', 'scope', 'redirectPort'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A remote server's `"oauth"`: `false`, or `{ grant?, clientId?, clientSecret?, scope?, redirectPort? }`.
 * `text` resolves a string field's variables (`${env:NAME}` for the secret).
 */
export function parseOAuthConfig(
  value: unknown,
  text: (field: string, value: unknown) => string,
  where: string,
  path: Path,
): McpOAuthConfig | false {
  if (value === false) return false;
  if (!isRecord(value)) {
    throw new InvalidSettingError({
      message: `${where}: expected false or an object, got ${JSON.stringify(value)}.`,
      path,
    });
  }
  for (const key of Object.keys(value)) {
    if (!KEYS.includes(key)) {
      throw new InvalidSettingError({
        message: `${where}: \`${key}\` is not a known key. Known keys: ${KEYS.join(', ')}.`,
        path: [...path, key],
      });
    }
  }
  const grant = value.grant ?? 'authorization_code';
  if (grant !== 'authorization_code' && grant !== 'client_credentials') {
    throw new InvalidSettingError({
      message: `${where}.grant: expected "authorization_code" or "client_credentials", got ${JSON.stringify(grant)}.`,
      path: [...path, 'grant'],
    });
  }
  const optional = (field: string) => (value[field] === undefined ? undefined : text(`oauth.${field}`, value[field]));
  const clientId = optional('clientId');
  const clientSecret = optional('clientSecret');
  const scope = optional('scope');
  if (grant === 'client_credentials' && (clientId === undefined || clientSecret === undefined)) {
    throw new InvalidSettingError({
      message: `${where}: expected \`clientId\` and \`clientSecret\` for the client_credentials grant.`,
      path,
    });
  }
  const port = value.redirectPort;
  if (port !== undefined && !(typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65_536)) {
    throw new InvalidSettingError({
      message: `${where}.redirectPort: expected a port number (1–65535), got ${JSON.stringify(port)}.`,
      path: [...path, 'redirectPort'],
    });
  }
  return {
    grant,
    ...(clientId === undefined ? {} : { clientId }),
    ...(clientSecret === undefined ? {} : { clientSecret }),
    ...(scope === undefined ? {} : { scope }),
    ...(port === undefined ? {} : { redirectPort: port }),
  };
}
