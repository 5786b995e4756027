import type { BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';
import { LeanHTTPClient, type LeanSignRequest, type LeanStream } from '@interlingua/core/adapter';
import { bedrockRetryPolicy } from './bedrock-retry-policy';
import { bedrockErrorFactory, toBedrockBodyError } from './to-bedrock-sdk-error';

/** What the lean transport of {@link createBedrock} is built from: the SDK client's settings. */
export type BedrockLeanSettings = {
  region?: string | undefined;
  credentials?: BedrockRuntimeClientConfig['credentials'];
  apiKey?: string | undefined;
  endpoint?: string | undefined;
  maxRetries?: number | undefined;
};

/** One lean Converse call: the model, the JSON body, the headers to add (signed with the rest) and the attempt's signal. */
export type BedrockLeanCall = {
  modelId: string;
  body: string;
  headers: Record<string, string> | undefined;
  signal: AbortSignal | undefined;
};

/** The lean transport's client of one provider: `Converse` and `ConverseStream` over one keep-alive pool. */
export type BedrockLeanClient = {
  /** `POST /model/{modelId}/converse`: the answer's JSON. */
  converse(call: BedrockLeanCall): Promise<unknown>;
  /** `POST /model/{modelId}/converse-stream`: the event stream's bytes, once the answer started. */
  converseStream(call: BedrockLeanCall): Promise<LeanStream>;
};

// The SDK's timeout is the model's call attempt (it bounds the retries too); the pool's own stays out of the way.
const NO_TIMEOUT_MS = 2 ** 31 - 1;
const BEARER_TOKEN_ENV = 'AWS_BEARER_TOKEN_BEDROCK';

/**
 * The lean transport's client for Bedrock Runtime, made on the first call and kept (a failed
 * creation — no region, no credentials module — is not kept). Authentication is the SDK
 * transport's: the `apiKey` setting, else `AWS_BEARER_TOKEN_BEDROCK` when it is set (the SDK then
 * prefers bearer auth too), as `Authorization: Bearer`; otherwise SigV4 by the SDK's own signer
 * (`@smithy/signature-v4`, service `bedrock`) with the `credentials` setting or the SDK's default
 * chain (`@aws-sdk/credential-provider-node`: environment, shared config and SSO, container and
 * instance roles), memoized and refreshed as the SDK does, each attempt signed anew. The region
 * is the setting or the SDK's (`AWS_REGION`, the profile); the endpoint the setting or
 * `https://bedrock-runtime.<region>.<the partition's DNS suffix>`. Model ids are escaped as the
 * SDK escapes path labels (ARNs and inference profiles keep their `:` and `/` inside one
 * segment), and the signature covers that path. Failures are the SDK's errors (see
 * `bedrockErrorFactory`), for `mapBedrockError`; retries follow the AWS SDK's standard rule.
 */
export function createBedrockLeanClient(settings: BedrockLeanSettings): () => Promise<BedrockLeanClient> {
  let client: Promise<BedrockLeanClient> | undefined;
  return () => {
    if (client === undefined) {
      client = buildClient(settings);
      // A failed creation is not kept: the next call tries again.
      client.catch(() => (client = undefined));
    }
    return client;
  };
}

async function buildClient(settings: BedrockLeanSettings): Promise<BedrockLeanClient> {
  const token = settings.apiKey ?? (BEARER_TOKEN_ENV in process.env ? process.env[BEARER_TOKEN_ENV] : undefined);
  const region = token !== undefined && settings.endpoint !== undefined ? settings.region : await loadRegion(settings);
  const baseURL = settings.endpoint ?? (await defaultEndpoint(region as string));
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const sign = token === undefined ? await createSigner(settings, region as string) : undefined;
  const http = new LeanHTTPClient({
    baseURL,
    headers,
    timeout: NO_TIMEOUT_MS,
    maxRetries: settings.maxRetries,
    retry: bedrockRetryPolicy,
    ...(sign === undefined ? {} : { sign }),
    errors: {
      ...bedrockErrorFactory,
      status: (status, text, answerHeaders) => {
        sign?.observeDate(answerHeaders.get('date'));
        return bedrockErrorFactory.status(status, text, answerHeaders);
      },
    },
    // The SDK's error as it is: the model maps it (`mapBedrockError`) with the call's abort context.
    mapError: (error) => toBedrockBodyError(error),
  });
  const request = (call: BedrockLeanCall, operation: 'converse' | 'converse-stream') => ({
    path: `/model/${escapeLabel(call.modelId)}/${operation}`,
    body: call.body,
    signal: call.signal,
    headers: call.headers,
  });
  return {
    converse: (call) => http.requestJSON(request(call, 'converse')),
    converseStream: (call) => http.requestStream(request(call, 'converse-stream')),
  };
}

/**
 * A path label as the SDK's restJson1 serializer writes it (`extendedEncodeURIComponent`): every
 * reserved character escaped, `!'()*` included, so an ARN stays one segment.
 */
export function escapeLabel(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${(character.codePointAt(0) as number).toString(16).toUpperCase()}`,
  );
}

async function loadRegion(settings: BedrockLeanSettings): Promise<string> {
  if (settings.region !== undefined) return settings.region;
  // The SDK's own lookup: AWS_REGION, then the shared config's profile, then instance metadata.
  const { loadConfig, NODE_REGION_CONFIG_OPTIONS, NODE_REGION_CONFIG_FILE_OPTIONS } = await import(
    '@smithy/core/config'
  );
  return loadConfig(NODE_REGION_CONFIG_OPTIONS, NODE_REGION_CONFIG_FILE_OPTIONS)();
}

async function defaultEndpoint(region: string): Promise<string> {
  const { awsEndpointFunctions } = await import('@aws-sdk/core/client');
  const partition = (awsEndpointFunctions.partition as (region: string) => { dnsSuffix: string })(region);
  return `https://bedrock-runtime.${region}.${partition.dnsSuffix}`;
}

type Signer = ((request: LeanSignRequest) => Promise<Record<string, string>>) & {
  /** Learns the clock skew from an error answer's `Date`, as the SDK does, for the next signatures. */
  observeDate(date: string | null): void;
};

async function createSigner(settings: BedrockLeanSettings, region: string): Promise<Signer> {
  const [{ SignatureV4 }, { Sha256 }, core] = await Promise.all([
    import('@smithy/signature-v4'),
    import('@smithy/core/checksum'),
    import('@smithy/core'),
  ]);
  const given = settings.credentials;
  // As the SDK resolves them: its default chain (memoized by it), or the caller's provider memoized
  // until the identity expires, or static keys.
  const credentials =
    given === undefined
      ? (await import('@aws-sdk/credential-provider-node')).defaultProvider()
      : typeof given === 'function'
        ? (core.memoizeIdentityProvider(given, core.isIdentityExpired, core.doesIdentityRequireRefresh) ?? given)
        : given;
  const signer = new SignatureV4({ credentials, region, service: 'bedrock', sha256: Sha256, uriEscapePath: true });
  let clockOffset = 0;
  const sign = async ({ url, headers, body }: LeanSignRequest) => {
    const target = new URL(url);
    const signed = await signer.sign(
      {
        method: 'POST',
        protocol: target.protocol,
        hostname: target.hostname,
        ...(target.port === '' ? {} : { port: Number(target.port) }),
        path: target.pathname,
        query: {},
        headers: { ...headers, host: target.host },
        body,
      },
      { signingDate: new Date(Date.now() + clockOffset) },
    );
    // `host` is signed as the connection sends it; the pool sets it itself.
    const { host: _host, ...sent } = signed.headers;
    return sent;
  };
  return Object.assign(sign, {
    observeDate(date: string | null) {
      const serverTime = date === null ? Number.NaN : Date.parse(date);
      if (!Number.isNaN(serverTime)) clockOffset = serverTime - Date.now();
    },
  });
}
