import { estimateInputTokens } from '../limits/estimate-input-tokens';
import { readInboundRequest } from './read-inbound-request';
import type { RouteHandler } from './route-handler';

/**
 * `POST /v1/messages/count_tokens`: the prompt's tokens as `{ input_tokens }`. The body is a
 * Messages request without `max_tokens`; the count is the gateway's estimate (about 4
 * characters per token; see `estimateInputTokens`), the same for every backend, since a
 * `ChatModel` has no tokenizer to ask.
 *
 * @see https://docs.anthropic.com/en/api/messages-count-tokens
 */
export const countTokensHandler: RouteHandler = async (services, exchange) => {
  const inbound = await readInboundRequest(services, exchange, (body) =>
    body.max_tokens === undefined ? { ...body, max_tokens: 1 } : body,
  );
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input_tokens: estimateInputTokens(inbound.decoded.request) }),
  };
};
