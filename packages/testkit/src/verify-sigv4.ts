import { createHash, createHmac } from 'node:crypto';
import type { RecordedRequest } from './provider-server';

/** The secret half (and session token) of each access key the server knows, by access key id. */
export type SigV4Secrets = Record<string, { secretAccessKey: string; sessionToken?: string }>;

/** What {@link verifySigV4} checks a request against. */
export type SigV4Expectation = {
  secrets: SigV4Secrets;
  /** The signing region, e.g. `us-east-1`, and service, e.g. `bedrock`. */
  region: string;
  service: string;
  /** The server's clock (default now): a signature more than five minutes away from it has expired. */
  now?: Date;
};

/** Why AWS would refuse the request: the status, the exception name (`x-amzn-errortype`) and its message. */
export type SigV4Rejection = { status: number; type: string; message: string };

const HEADER = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;
const MAX_SKEW_MS = 5 * 60 * 1000;

/**
 * Verifies an AWS Signature Version 4 (`Authorization: AWS4-HMAC-SHA256 …`) the way AWS does,
 * from the request as it arrived and independently of the SDK's signer: it rebuilds the
 * canonical request — the method, the path with each segment decoded and encoded twice (every
 * service but S3), the sorted query, the signed headers' values trimmed, the SHA-256 of the body
 * received — the string to sign and the signing key (HMAC chain over date, region, service,
 * `aws4_request`), and compares the signature. Returns `undefined` for a valid request, else the
 * exception AWS answers: `IncompleteSignatureException` (malformed header),
 * `UnrecognizedClientException` (unknown key or session token), `InvalidSignatureException`
 * (scope, expired `x-amz-date`, `host` unsigned, signature mismatch).
 *
 * @see https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
export function verifySigV4(request: RecordedRequest, expected: SigV4Expectation): SigV4Rejection | undefined {
  const authorization = request.headers.authorization;
  const match = typeof authorization === 'string' ? HEADER.exec(authorization) : null;
  if (match === null)
    return incomplete(
      `Authorization header requires a well-formed AWS4-HMAC-SHA256 value, got ${String(authorization)}.`,
    );
  const [, credential = '', signedList = '', signature = ''] = match;
  const [accessKeyId = '', date = '', region, service, terminator, ...extra] = credential.split('/');
  if (terminator !== 'aws4_request' || extra.length > 0)
    return incomplete(
      `Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '${credential}'.`,
    );
  const secret = Object.hasOwn(expected.secrets, accessKeyId) ? expected.secrets[accessKeyId] : undefined;
  if (secret === undefined) return unrecognized();
  const token = request.headers['x-amz-security-token'];
  if (secret.sessionToken !== undefined && token !== secret.sessionToken) return unrecognized();
  const amzDate = request.headers['x-amz-date'];
  if (typeof amzDate !== 'string' || !/^\d{8}T\d{6}Z$/.test(amzDate))
    return incomplete("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.");
  if (amzDate.slice(0, 8) !== date)
    return invalid(
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${date}' != '${amzDate.slice(0, 8)}', from '${amzDate}'.`,
    );
  if (region !== expected.region) return invalid(`Credential should be scoped to a valid region, not '${region}'.`);
  if (service !== expected.service)
    return invalid(`Credential should be scoped to correct service: '${expected.service}'.`);
  const signedAt = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13)}`,
  );
  const now = (expected.now ?? new Date()).getTime();
  if (Math.abs(now - signedAt) > MAX_SKEW_MS)
    return invalid(
      `Signature expired: ${amzDate} is now earlier than the allowed window around ${new Date(now).toISOString()}.`,
    );
  const signedHeaders = signedList.split(';');
  if (!signedHeaders.includes('host'))
    return invalid("'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.");
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValue(request, name)}\n`).join('');
  const [rawPath = '/', rawQuery = ''] = request.url.split('?');
  const canonicalRequest = [
    request.method,
    canonicalPath(rawPath),
    canonicalQuery(rawQuery),
    canonicalHeaders,
    signedList,
    sha256Hex(request.rawBody),
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${secret.secretAccessKey}`, date);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  if (hmac(key, stringToSign).toString('hex') !== signature)
    return invalid(
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
  return undefined;
}

function headerValue(request: RecordedRequest, name: string): string {
  const value = request.headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

// Each segment as AWS reads it (decoded), then encoded twice; empty and `.` segments dropped, `..` resolved.
function canonicalPath(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(uriEncode(uriEncode(safeDecode(segment))));
  }
  return `/${segments.join('/')}${segments.length > 0 && path.endsWith('/') ? '/' : ''}`;
}

function canonicalQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return [uriEncode(safeDecode(name)), uriEncode(safeDecode(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

// RFC 3986 unreserved characters stay; every other byte is %XX.
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${(c.codePointAt(0) as number).toString(16).toUpperCase()}`,
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

function incomplete(message: string): SigV4Rejection {
  return { status: 400, type: 'IncompleteSignatureException', message };
}

function unrecognized(): SigV4Rejection {
  return {
    status: 403,
    type: 'UnrecognizedClientException',
    message: 'The security token included in the request is invalid.',
  };
}

function invalid(message: string): SigV4Rejection {
  return { status: 403, type: 'InvalidSignatureException', message };
}
