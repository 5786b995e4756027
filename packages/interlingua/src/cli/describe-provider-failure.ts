import type { APICallError } from '@interlingua/core';
import { CliError, EXIT_FAILURE } from './cli-error';
import type { ModelExchange } from './record-last-exchange';

/** What the CLI knows of the endpoint, for the hint: the variable that sets its base URL. */
export type EndpointHint = { baseURLEnv: string | undefined };

function oneLine(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

function baseUrlHint(endpoint: EndpointHint): string {
  const where = endpoint.baseURLEnv === undefined ? '--base-url' : `--base-url or ${endpoint.baseURLEnv}`;
  return `Check the base URL (${where}): it should point at the API itself — OpenAI-compatible servers usually end in /v1.`;
}

/**
 * A failed model call as one line a person can act on: an HTML page (a wrong base URL, a proxy's
 * error page) by its status, content type and title, never the page itself; another non-JSON body
 * by its first line; a server that could not be reached by the URL tried (redacted). Undefined
 * when the error is an ordinary API error the generic message covers.
 */
export function describeProviderFailure(
  error: APICallError,
  exchange: ModelExchange | undefined,
  endpoint: EndpointHint,
): CliError | undefined {
  const where = exchange === undefined ? '' : ` ${exchange.method} ${exchange.url}`;
  // An error event inside a started stream (Anthropic's overloaded_error) is the provider's own word: the generic message says it.
  if (error.statusCode === undefined && error.providerErrorType !== undefined) return undefined;
  if (error.statusCode === undefined && exchange?.status !== undefined) {
    // The server answered, then the response stalled or broke off (an idle timeout, a dropped connection).
    return new CliError(
      `The provider answered ${exchange.status} at${where}, then the response stopped: ${oneLine(error.message)}`,
      {
        hint: 'The server was reached but stalled or dropped the connection: retry later (run with --trace to see what arrived).',
        exitCode: EXIT_FAILURE,
        cause: error,
      },
    );
  }
  if (error.statusCode === undefined) {
    // The adapter's message names the URL too ("The connection to OpenAI at … failed: …"): said once.
    const reason = /^The connection to .+? failed: (.*)$/s.exec(error.message)?.[1] ?? error.message;
    return new CliError(`Could not reach the provider at${where || ' its URL'}: ${oneLine(reason)}`, {
      hint: `Check the base URL and that the server is running (run with --trace to see the request).`,
      exitCode: EXIT_FAILURE,
      cause: error,
    });
  }
  if (exchange?.status !== error.statusCode || exchange.body === undefined) return undefined;
  const type = exchange.contentType ?? 'no content type';
  const body = exchange.body;
  if (/html/i.test(type) || /^\s*<(!doctype|html)/i.test(body)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
    const named = title === undefined || title.trim() === '' ? '' : ` "${oneLine(title, 80)}"`;
    return new CliError(
      `The provider answered ${error.statusCode} with an HTML page${named} (${type}), not an API response:${where}`,
      { hint: baseUrlHint(endpoint), exitCode: EXIT_FAILURE, cause: error },
    );
  }
  if (!/json/i.test(type)) {
    return new CliError(
      `The provider answered ${error.statusCode} with a ${type} body, not JSON: "${oneLine(body)}" from${where}`,
      {
        hint: `A server that does not speak the provider's API answered: ${baseUrlHint(endpoint)}`,
        exitCode: EXIT_FAILURE,
        cause: error,
      },
    );
  }
  return undefined;
}
