import { constants, createPrivateKey, type KeyObject, randomUUID, sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { InvalidSettingError } from '@interlingua/core';
import type { McpOAuthPrivateKey, McpOAuthSigningAlgorithm } from '../config/mcp-oauth-config';

/** The `client_assertion_type` of RFC 7523 §2.2. */
export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

// Hash and padding per JWS algorithm (RFC 7518 §3); EdDSA takes no hash.
// PSS salts are as long as the hash (RFC 7518 §3.5).
const SIGNING: Record<McpOAuthSigningAlgorithm, { hash: string | null; pssSalt?: number; ecdsa?: true }> = {
  RS256: { hash: 'sha256' },
  RS384: { hash: 'sha384' },
  RS512: { hash: 'sha512' },
  PS256: { hash: 'sha256', pssSalt: 32 },
  PS384: { hash: 'sha384', pssSalt: 48 },
  PS512: { hash: 'sha512', pssSalt: 64 },
  ES256: { hash: 'sha256', ecdsa: true },
  ES384: { hash: 'sha384', ecdsa: true },
  ES512: { hash: 'sha512', ecdsa: true },
  EdDSA: { hash: null },
};

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Reads the configured private key (inline PEM or a file; a JWK as JSON works too). The error
 * names the server and the setting, never the key.
 */
export async function loadPrivateKey(server: string, key: McpOAuthPrivateKey): Promise<KeyObject> {
  let text = key.pem;
  if (text === undefined && key.file !== undefined) {
    try {
      text = await readFile(key.file, 'utf8');
    } catch (error) {
      throw new InvalidSettingError({
        message: `MCP server \`${server}\`: could not read \`oauth.privateKey.file\` (${key.file}).`,
        cause: (error as { code?: unknown }).code,
      });
    }
  }
  try {
    const trimmed = (text ?? '').trim();
    return trimmed.startsWith('{')
      ? createPrivateKey({ key: JSON.parse(trimmed) as never, format: 'jwk' })
      : createPrivateKey(trimmed);
  } catch {
    // The parser's message may quote the key material: say only what was wrong.
    throw new InvalidSettingError({
      message: `MCP server \`${server}\`: \`oauth.privateKey\` is not a PEM (PKCS#8, PKCS#1 or SEC1) or JWK private key.`,
    });
  }
}

/**
 * A signed client assertion (RFC 7523 §3): `iss` and `sub` the client id, `aud` the authorization
 * server's issuer, a fresh `jti`, valid for `lifetimeSeconds` (default 300).
 */
export function signClientAssertion(options: {
  clientId: string;
  audience: string;
  key: KeyObject;
  algorithm: McpOAuthSigningAlgorithm;
  keyId?: string | undefined;
  lifetimeSeconds?: number;
  now?: number;
}): string {
  const issuedAt = Math.floor((options.now ?? Date.now()) / 1000);
  const header = { alg: options.algorithm, typ: 'JWT', ...(options.keyId === undefined ? {} : { kid: options.keyId }) };
  const payload = {
    iss: options.clientId,
    sub: options.clientId,
    aud: options.audience,
    jti: randomUUID(),
    iat: issuedAt,
    exp: issuedAt + (options.lifetimeSeconds ?? 300),
  };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const how = SIGNING[options.algorithm];
  const signature = sign(how.hash, Buffer.from(input), {
    key: options.key,
    ...(how.pssSalt === undefined ? {} : { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: how.pssSalt }),
    ...(how.ecdsa === true ? { dsaEncoding: 'ieee-p1363' as const } : {}),
  });
  return `${input}.${signature.toString('base64url')}`;
}
