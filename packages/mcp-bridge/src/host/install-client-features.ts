import type { ChatModel } from '@interlingua/core';
import {
  type Client,
  type ClientCapabilities,
  type CreateMessageResult,
  type ElicitResult,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/client';
import type { McpRoot } from '../config/mcp-server-config';
import { applyElicitationDefaults } from './apply-elicitation-defaults';
import {
  convertSamplingRequest,
  convertSamplingResponse,
  samplingNeedsImages,
  UnsupportedSamplingError,
} from './convert-sampling-request';
import { installServingFeatures } from './install-serving-features';
import type { McpBridgeEvent } from './mcp-bridge-event';
import type { McpElicitationHandler, McpSamplingOptions, McpUrlElicitationHandler } from './mcp-host-hooks';
import type { McpRequestRelay } from './mcp-request-relay';
import { selectSamplingModel } from './select-sampling-model';
import { validateElicitedContent } from './validate-elicited-content';

/** What the client side of every connection offers: set once per bridge. */
export type ClientFeatureSettings = {
  sampling: McpSamplingOptions | undefined;
  elicitation: McpElicitationHandler | undefined;
  /** URL-mode elicitation; declared only when the host gives it. */
  urlElicitation?: McpUrlElicitationHandler | undefined;
  /** Passes sampling, elicitation and roots requests on as they are, instead of the hooks above. */
  relay?: McpRequestRelay | undefined;
  emit: (event: McpBridgeEvent) => void;
};

/** The JSON-RPC code a refused sampling request gets, as in the spec's example. */
const USER_REJECTED = -1;

/**
 * The capabilities declared in `initialize`: `roots` (with `listChanged`) unless the server's
 * roots are `false`, `sampling` when models are given, `elicitation` with the modes the host
 * answers (`form` for a form handler, `url` for a URL handler).
 */
export function clientCapabilitiesOf(roots: McpRoot[] | false, settings: ClientFeatureSettings): ClientCapabilities {
  // A relay offers whatever the client behind it may answer; what it cannot becomes an error there.
  if (settings.relay !== undefined)
    return { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } };
  const form = settings.elicitation !== undefined;
  const url = settings.urlElicitation !== undefined;
  return {
    ...(roots === false ? {} : { roots: { listChanged: true } }),
    ...(settings.sampling === undefined ? {} : { sampling: {} }),
    ...(form || url ? { elicitation: { ...(form ? { form: {} } : {}), ...(url ? { url: {} } : {}) } } : {}),
  };
}

function isModelList(value: ChatModel | readonly ChatModel[]): value is readonly ChatModel[] {
  return Array.isArray(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function answerSampling(
  server: string,
  options: McpSamplingOptions,
  params: Parameters<typeof convertSamplingRequest>[0],
  signal: AbortSignal,
  emit: (event: McpBridgeEvent) => void,
): Promise<CreateMessageResult> {
  const models: readonly ChatModel[] = isModelList(options.models) ? options.models : [options.models];
  let request: ReturnType<typeof convertSamplingRequest>;
  try {
    request = convertSamplingRequest(params, options.maxOutputTokens);
  } catch (error) {
    if (!(error instanceof UnsupportedSamplingError)) throw error;
    emit({ type: 'sampling', server, model: undefined, outcome: 'failed', message: error.message });
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
  }
  const model = selectSamplingModel(models, params.modelPreferences, { imageInput: samplingNeedsImages(params) });
  if (model === undefined) {
    const message = 'No model of this client can take the images in this sampling request.';
    emit({ type: 'sampling', server, model: undefined, outcome: 'failed', message });
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, message);
  }
  const name = `${model.provider}:${model.modelId}`;
  const approve = options.approve;
  const approved =
    approve === 'always'
      ? true
      : approve === undefined
        ? false
        : await approve({ server, params, request, model }, signal);
  if (approved !== true) {
    emit({ type: 'sampling', server, model: name, outcome: 'refused', message: undefined });
    throw new ProtocolError(USER_REJECTED, 'User rejected sampling request');
  }
  try {
    const response = await model.generate(request, { signal });
    emit({ type: 'sampling', server, model: name, outcome: 'answered', message: undefined, usage: response.usage });
    return convertSamplingResponse(response, name);
  } catch (error) {
    emit({ type: 'sampling', server, model: name, outcome: 'failed', message: messageOf(error) });
    throw new ProtocolError(ProtocolErrorCode.InternalError, `The model ${name} failed: ${messageOf(error)}`);
  }
}

type ElicitParams = {
  message: string;
  requestedSchema?: unknown;
  mode?: string | undefined;
  url?: string | undefined;
  elicitationId?: string | undefined;
};

async function answerUrlElicitation(
  server: string,
  handler: McpUrlElicitationHandler | undefined,
  params: ElicitParams,
  signal: AbortSignal,
  emit: (event: McpBridgeEvent) => void,
): Promise<ElicitResult> {
  if (handler === undefined) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'This client does not answer URL-mode elicitation.');
  }
  const { url, elicitationId } = params;
  if (typeof url !== 'string' || typeof elicitationId !== 'string' || !URL.canParse(url)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'Expected a URL-mode elicitation with a `url` and an `elicitationId`.',
    );
  }
  const answer = await handler({ server, message: params.message, url, elicitationId }, signal);
  emit({ type: 'elicitation', server, action: answer.action, mode: 'url' });
  return { action: answer.action };
}

async function answerElicitation(
  server: string,
  settings: ClientFeatureSettings,
  params: ElicitParams,
  signal: AbortSignal,
): Promise<ElicitResult> {
  const { emit, elicitation: handler } = settings;
  if (params.mode === 'url') return answerUrlElicitation(server, settings.urlElicitation, params, signal, emit);
  if (handler === undefined || params.requestedSchema === undefined) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'This client does not answer form-mode elicitation.');
  }
  const requestedSchema = params.requestedSchema as Parameters<McpElicitationHandler>[0]['requestedSchema'];
  const answer = await handler({ server, message: params.message, requestedSchema }, signal);
  if (answer.action !== 'accept') {
    emit({ type: 'elicitation', server, action: answer.action });
    return { action: answer.action };
  }
  // SEP-1034: what the user left out is what the form showed, its default.
  const content = applyElicitationDefaults(requestedSchema, answer.content);
  const problems = validateElicitedContent(requestedSchema, content);
  if (problems.length > 0) {
    emit({ type: 'elicitation', server, action: 'invalid' });
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `The answer does not fit the form: ${problems.join('; ')}.`,
    );
  }
  emit({ type: 'elicitation', server, action: 'accept' });
  return { action: 'accept', content };
}

/**
 * Registers the client side of one connection on a fresh client: `roots/list` (read each time,
 * so `setRoots` takes effect at once), `sampling/createMessage`, `elicitation/create` (form and
 * URL mode), `notifications/elicitation/complete` as `elicitation-complete` events, and
 * `notifications/message` as `log` events. The same handlers answer both eras: a legacy server
 * sends these as requests; a 2026-07-28 server asks for them inside an `input_required` result,
 * which the SDK's client fulfils through them before it retries the call with the answers and
 * the server's request state.
 */
export function installClientFeatures(
  client: Client,
  server: string,
  roots: () => McpRoot[] | false,
  settings: ClientFeatureSettings,
): void {
  const { emit } = settings;
  installServingFeatures(client, server, settings.relay, emit);
  if (settings.relay !== undefined) roots = () => false;
  if (roots() !== false) {
    client.setRequestHandler('roots/list', () => {
      const current = roots();
      return { roots: current === false ? [] : current.map((root) => ({ ...root })) };
    });
  }
  const sampling = settings.relay === undefined ? settings.sampling : undefined;
  if (sampling !== undefined) {
    client.setRequestHandler('sampling/createMessage', (request, context) =>
      answerSampling(server, sampling, request.params, context.mcpReq.signal, emit),
    );
  }
  if (settings.relay === undefined && (settings.elicitation !== undefined || settings.urlElicitation !== undefined)) {
    client.setRequestHandler('elicitation/create', (request, context) =>
      answerElicitation(server, settings, request.params, context.mcpReq.signal),
    );
  }
  if (settings.urlElicitation !== undefined) {
    client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
      emit({ type: 'elicitation-complete', server, elicitationId: notification.params.elicitationId });
    });
  }
  client.setNotificationHandler('notifications/message', (notification) => {
    const { level, logger, data } = notification.params;
    emit({ type: 'log', server, level, logger, data });
  });
}
