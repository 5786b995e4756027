import {
  eventStream,
  eventStreamMessagesOf,
  json,
  type RecordedRequest,
  type Reply,
  type Route,
  type SigV4Expectation,
  verifySigV4,
} from '@interlingua/testkit';

// Test helper (not shipped): Bedrock Runtime's HTTP API as far as Converse goes.
// POST /model/{modelId}/converse and /model/{modelId}/converse-stream, the model id URL-encoded,
// a restJson1 body; errors as `x-amzn-errortype` plus `{ "message": … }`.

/** The body fields of ConverseRequest (`modelId` is in the path); anything else is a ValidationException. */
const BODY_FIELDS = new Set([
  'messages',
  'system',
  'inferenceConfig',
  'toolConfig',
  'guardrailConfig',
  'additionalModelRequestFields',
  'promptVariables',
  'additionalModelResponseFieldPaths',
  'requestMetadata',
  'performanceConfig',
  'serviceTier',
  'outputConfig',
]);

/** A Bedrock error reply: the status, `x-amzn-errortype` and the `{ message }` body the SDK parses. */
export function bedrockError(type: string, status: number, message: string): Reply {
  return json(
    { message },
    {
      status,
      headers: {
        'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
        'x-amzn-requestid': 'c9d8e7f6-0000-4000-8000-000000000001',
      },
    },
  );
}

/** A ConverseStream reply from SDK-shaped chunks (`{ messageStart: … }`, …), in the binary event-stream framing. */
export function bedrockStream(
  chunks: readonly unknown[],
  options: { splitEvery?: number; truncateAfter?: number; hang?: boolean } = {},
): Reply {
  return eventStream(eventStreamMessagesOf(chunks), {
    headers: { 'x-amzn-requestid': 'c9d8e7f6-0000-4000-8000-000000000002' },
    ...options,
  });
}

/** The test credentials the server knows, signing region `us-east-1`: what the package's tests sign with. */
export const TEST_SIGV4: SigV4Expectation = {
  secrets: { AKIDTESTEXAMPLE: { secretAccessKey: 'test-secret-key-not-real' } },
  region: 'us-east-1',
  service: 'bedrock',
};

/** How the server authenticates: SigV4 against known keys (recomputed, as AWS does) and Bedrock API keys. */
export type BedrockAuth = {
  sigv4?: SigV4Expectation;
  /** Accepted `Authorization: Bearer` tokens; undefined: any token. */
  bearerTokens?: readonly string[];
};

/** Why Bedrock would reject this request before the model sees it, or `undefined`. */
export function rejectBedrockRequest(request: RecordedRequest, auth: BedrockAuth = {}): Reply | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || !AUTHORIZATION.test(authorization))
    return bedrockError('UnrecognizedClientException', 403, 'The security token included in the request is invalid.');
  if (authorization.startsWith('Bearer ')) {
    if (auth.bearerTokens !== undefined && !auth.bearerTokens.includes(authorization.slice('Bearer '.length)))
      return bedrockError('UnrecognizedClientException', 403, 'The security token included in the request is invalid.');
  } else {
    const rejection = verifySigV4(request, auth.sigv4 ?? TEST_SIGV4);
    if (rejection !== undefined) return bedrockError(rejection.type, rejection.status, rejection.message);
  }
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return bedrockError(
      'ValidationException',
      400,
      'Malformed input request, please reformat your input and try again.',
    );
  const unknown = Object.keys(body).filter((key) => !BODY_FIELDS.has(key));
  if (unknown.length > 0)
    return bedrockError(
      'ValidationException',
      400,
      `Malformed input request: extraneous key [${unknown[0]}] is not permitted, please reformat your input and try again.`,
    );
  // Bedrock's prompt caching allows at most four cache checkpoints in a request.
  const cachePoints = JSON.stringify(body).split('"cachePoint":').length - 1;
  if (cachePoints > 4)
    return bedrockError(
      'ValidationException',
      400,
      `A maximum of 4 cache checkpoints are allowed per request; found ${cachePoints}.`,
    );
  return undefined;
}

// SigV4 (`AWS4-HMAC-SHA256 Credential=<key>/<date>/<region>/bedrock/aws4_request, SignedHeaders=…, Signature=<64 hex>`) or a Bedrock API key.
const AUTHORIZATION =
  /^(AWS4-HMAC-SHA256 Credential=[A-Z0-9]+\/\d{8}\/[a-z0-9-]+\/bedrock\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}|Bearer \S+)$/;

/**
 * Routes for one model: `converse` and `converse-stream` replies, each request checked first
 * as Bedrock does (a SigV4 signature recomputed for the known keys, or a bearer token; body fields).
 */
export function bedrockRoutes(
  modelId: string,
  replies: { converse?: Reply | Reply[]; stream?: Reply | Reply[] },
  auth: BedrockAuth = {},
): Route[] {
  const base = `/model/${encodeURIComponent(modelId)}`;
  const route = (suffix: string, reply: Reply | Reply[] | undefined): Route => ({
    method: 'POST',
    path: `${base}/${suffix}`,
    reply: (request, index) => {
      const rejected = rejectBedrockRequest(request, auth);
      if (rejected !== undefined) return rejected;
      if (reply === undefined) return bedrockError('ValidationException', 400, `No ${suffix} reply scripted.`);
      return Array.isArray(reply) ? (reply[Math.min(index, reply.length - 1)] as Reply) : reply;
    },
  });
  return [route('converse', replies.converse), route('converse-stream', replies.stream)];
}
