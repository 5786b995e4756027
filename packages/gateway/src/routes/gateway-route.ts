import type { RouteHandler } from '../handlers/route-handler';
import type { GatewayRequest } from '../http/gateway-exchange';

/**
 * One row of the route table: method and path (a string, or a RegExp whose named groups give
 * `model`), the inbound format whose codec, auth header and error shape the route uses, and
 * its handler. Adding an endpoint is adding a row (and, for a new wire format, a format).
 */
export type GatewayRoute = {
  /** A stable name for logs and metrics, e.g. `openai.chat`. */
  name: string;
  method: 'GET' | 'POST';
  path: string | RegExp;
  /** The name of the inbound format (`openai`, `anthropic`, `gemini`, or one you add). */
  format: string;
  handler: RouteHandler;
  /** An extra condition on the request, for two formats sharing a path (`GET /v1/models`). */
  when?: (request: GatewayRequest) => boolean;
  /** The route as a template for spans' `http.route` when `path` is a RegExp (`/v1beta/models/{model}:generateContent`). */
  httpRoute?: string;
  /** Whether the route streams regardless of the body (Gemini's `:streamGenerateContent`). */
  stream?: boolean;
  /** Whether the route skips `limits.maxConcurrent` and shutdown refusal (health and metrics). */
  operational?: boolean;
};
