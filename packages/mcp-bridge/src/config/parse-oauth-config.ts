import { InvalidSettingError } from '@interlingua/core';
import type { McpOAuthConfig, McpOAuthPrivateKey, McpOAuthSigningAlgorithm } from './mcp-oauth-config';

type Path = (string | number)[];

const KEYS = ['grant', 'clientId', 'clientSecret', 'privateKey', 'clientMetadataUrl', 'scope', 'redirectPort'];
const KEY_KEYS = ['pem', 'file', 'algorithm', 'keyId'];
const ALGORITHMS: readonly McpOAuthSigningAlgorithm[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownKeys(value: Record<string, unknown>, known: string[], where: string, path: Path): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new InvalidSettingError({
        message: `${where}: \`${key}\` is not a known key. Known keys: ${known.join(', ')}.`,
        path: [...path, key],
      });
    }
  }
}

function parsePrivateKey(
  value: unknown,
  text: (field: string, value: unknown) => string,
  where: string,
  path: Path,
): McpOAuthPrivateKey {
  if (!isRecord(value)) {
    throw new InvalidSettingError({
      message: `${where}: expected an object { pem | file, algorithm?, keyId? }, got ${typeof value}.`,
      path,
    });
  }
  unknownKeys(value, KEY_KEYS, where, path);
  const pem = value.pem === undefined ? undefined : text('oauth.privateKey.pem', value.pem);
  const file = value.file === undefined ? undefined : text('oauth.privateKey.file', value.file);
  if ((pem === undefined) === (file === undefined)) {
    throw new InvalidSettingError({ message: `${where}: expected exactly one of \`pem\` and \`file\`.`, path });
  }
  const algorithm = value.algorithm ?? 'RS256';
  if (!ALGORITHMS.includes(algorithm as McpOAuthSigningAlgorithm)) {
    throw new InvalidSettingError({
      message: `${where}.algorithm: expected one of ${ALGORITHMS.join(', ')}, got ${JSON.stringify(algorithm)}.`,
      path: [...path, 'algorithm'],
    });
  }
  const keyId = value.keyId === undefined ? undefined : text('oauth.privateKey.keyId', value.keyId);
  return {
    ...(pem === undefined ? {} : { pem }),
    ...(file === undefined ? {} : { file }),
    algorithm: algorithm as McpOAuthSigningAlgorithm,
    ...(keyId === undefined ? {} : { keyId }),
  };
}

function checkMetadataUrl(url: string, where: string, path: Path): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  // The spec's rule for a URL client id: https, with a path.
  if (parsed === undefined || parsed.protocol !== 'https:' || parsed.pathname === '/') {
    throw new InvalidSettingError({
      message: `${where}.clientMetadataUrl: expected an https URL with a path (the client metadata document), got ${JSON.stringify(url)}.`,
      path: [...path, 'clientMetadataUrl'],
    });
  }
}

/**
 * A remote server's `"oauth"`: `false`, or `{ grant?, clientId?, clientSecret?, privateKey?,
 * clientMetadataUrl?, scope?, redirectPort? }`. `text` resolves a string field's variables
 * (`${env:NAME}` for the secret and the key).
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
  unknownKeys(value, KEYS, where, path);
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
  const clientMetadataUrl = optional('clientMetadataUrl');
  const scope = optional('scope');
  const privateKey =
    value.privateKey === undefined
      ? undefined
      : parsePrivateKey(value.privateKey, text, `${where}.privateKey`, [...path, 'privateKey']);
  if (clientSecret !== undefined && privateKey !== undefined) {
    throw new InvalidSettingError({
      message: `${where}: expected \`clientSecret\` or \`privateKey\`, not both.`,
      path,
    });
  }
  if ((clientSecret !== undefined || privateKey !== undefined) && clientId === undefined) {
    throw new InvalidSettingError({
      message: `${where}: expected \`clientId\` with a \`clientSecret\` or \`privateKey\`.`,
      path,
    });
  }
  if (grant === 'client_credentials' && (clientId === undefined || (clientSecret ?? privateKey) === undefined)) {
    throw new InvalidSettingError({
      message: `${where}: expected \`clientId\` and \`clientSecret\` (or \`privateKey\`) for the client_credentials grant.`,
      path,
    });
  }
  if (clientMetadataUrl !== undefined) checkMetadataUrl(clientMetadataUrl, where, path);
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
    ...(privateKey === undefined ? {} : { privateKey }),
    ...(clientMetadataUrl === undefined ? {} : { clientMetadataUrl }),
    ...(scope === undefined ? {} : { scope }),
    ...(port === undefined ? {} : { redirectPort: port }),
  };
}
