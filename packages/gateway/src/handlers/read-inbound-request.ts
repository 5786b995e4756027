import type { Codec, DecodedRequest, Warning } from '@interlingua/core';
import { InterlinguaError } from '@interlingua/core';
import type { Principal } from '../auth/create-authenticator';
import { GatewayError } from '../errors/gateway-error';
import { applyPassThroughPolicy } from '../formats/pass-through-policy';
import type { ModelPlan } from '../router/create-model-table';
import type { GatewayServices, RouteExchange } from './route-handler';

/** An authenticated, decoded request, ready for the router. */
export type InboundRequest = {
  principal: Principal;
  body: unknown;
  decoded: DecodedRequest;
  warnings: Warning[];
  /** The model name: from the path (Gemini) or the body. */
  model: string;
  /** How the model name is served (looked up once per request). */
  plan: ModelPlan;
};

/**
 * The common start of every model route: authenticate with the format's header, read the body
 * (bounded), parse JSON, and hand it to the codec's `decodeRequest` — the only code that reads
 * strangers' bytes. Then check the model is served and allowed for the key. `prepare` may fill
 * defaults before decoding (count_tokens has no `max_tokens`). Throws `GatewayError`s: 401,
 * 413, 400 (with the codec's message and path), 404 listing the models, 403. The decoded request
 * keeps only the body fields the pass-through policy allows (`applyPassThroughPolicy`); the
 * others are named in the warnings.
 */
export async function readInboundRequest(
  services: GatewayServices,
  { request, record, format, params }: RouteExchange,
  prepare?: (body: Record<string, unknown>) => Record<string, unknown>,
): Promise<InboundRequest> {
  record.format = format.name;
  // Without keys (or with the master key) the principal is there at once: no await for it.
  const authenticated = services.authenticator.authenticate(format.readKey(request));
  const principal = authenticated instanceof Promise ? await authenticated : authenticated;
  record.key = principal.name;
  const raw = await request.readBody();
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    throw new GatewayError({
      type: 'invalid_request',
      message: `Expected a JSON request body: ${(error as Error).message}.`,
      cause: error,
    });
  }
  if (prepare !== undefined && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    body = prepare(body as Record<string, unknown>);
  }
  const decoded = decode(format.codec, body);
  const model = params.model ?? decoded.value.model;
  if (model === undefined || model === '') {
    throw new GatewayError({ type: 'invalid_request', message: 'Expected `model` in the request body, got none.' });
  }
  record.model = model;
  const plan = services.table.plan(model);
  if (principal.kind === 'key' && principal.key.models !== undefined && !principal.key.models.includes(model)) {
    throw new GatewayError({
      type: 'permission',
      message: `The key "${principal.name}" may not use the model "${model}"; it may use ${principal.key.models.join(', ')}.`,
    });
  }
  const settings = Object.hasOwn(services.config.models, model) ? services.config.models[model] : undefined;
  applyPassThroughPolicy(decoded.value.request, format.name, model, settings?.passThrough, decoded.warnings);
  for (const warning of decoded.warnings) record.warnings.push(warning);
  return { principal, body, decoded: decoded.value, warnings: decoded.warnings, model, plan };
}

function decode(codec: Codec, body: unknown): ReturnType<Codec['decodeRequest']> {
  try {
    return codec.decodeRequest(body);
  } catch (error) {
    // A decoder that throws anything but its typed error still answers 400, never a crash.
    const message = InterlinguaError.isInstance(error)
      ? error.message
      : `Expected a valid request body; the decoder failed with: ${String(error)}`;
    throw new GatewayError({ type: 'invalid_request', message, cause: error });
  }
}
